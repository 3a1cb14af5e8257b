import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nzCampaign, ukCampaign } from '../model/wizard-test-kit';
import { CampaignStep } from './campaign-step';

// Step 1's cards show each campaign's whole name, wrapping as it needs, never cut with '…'
// (docs/decisions/156: a 1280 px card had room for "November Uplift Challenge" but showed "November Uplift Chal…").

describe('CampaignStep', () => {
  it('shows each campaign’s whole name, once, with no ellipsis', () => {
    const long = { ...ukCampaign, campaign_name: 'December Harbour Cities Coffee Quitters Challenge' };
    render(<CampaignStep campaigns={[nzCampaign, long]} isLoading={false} isError={false} selectedId={null} onSelect={() => {}} />);
    for (const name of [nzCampaign.campaign_name, long.campaign_name]) {
      const card = screen.getByRole('button', { name: new RegExp(name) });
      expect(card).toHaveTextContent(new RegExp(`^New Zealand${name}$|^United Kingdom${name}$`));
      expect(card.textContent).not.toContain('…');
    }
  });
});
