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

describe('CampaignStep with a campaign’s hero photo (docs/decisions/170)', () => {
  const photo = {
    alt: 'Friends sharing a thermos of tea at the beach',
    width: 1920,
    height: 800,
    url: '/api/campaign/1/photo?format=webp&w=1920&v=abc',
    avif: '/api/campaign/1/photo?format=avif&w=640&v=abc 640w, /api/campaign/1/photo?format=avif&w=1920&v=abc 1920w',
    webp: '/api/campaign/1/photo?format=webp&w=640&v=abc 640w, /api/campaign/1/photo?format=webp&w=1920&v=abc 1920w',
  };

  it('shows the photo on its campaign’s card, AVIF first, sized, and keeps the card’s name its words', () => {
    const { container } = render(
      <CampaignStep campaigns={[{ ...nzCampaign, photo }, ukCampaign]} isLoading={false} isError={false} selectedId={null} onSelect={() => {}} />,
    );
    const nz = screen.getByRole('button', { name: /New Zealand/ });
    const img = nz.querySelector('picture.campaign-card-photo img')!;
    expect(img).not.toBeNull();
    expect(img.getAttribute('width')).toBe('1920');
    expect(img.getAttribute('height')).toBe('800');
    expect(img.getAttribute('src')).toBe(photo.url);
    const sources = [...nz.querySelectorAll('picture source')].map((s) => [s.getAttribute('type'), s.getAttribute('srcset')]);
    expect(sources).toEqual([
      ['image/avif', photo.avif],
      ['image/webp', photo.webp],
    ]);
    // The card without a photo keeps its flag alone.
    const uk = screen.getByRole('button', { name: /United Kingdom/ });
    expect(uk.querySelector('picture')).toBeNull();
    expect(container.querySelectorAll('picture')).toHaveLength(1);
  });
});
