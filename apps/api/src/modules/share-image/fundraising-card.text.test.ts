import { asMinor } from '@uplift/core/money';
import { describe, expect, it } from 'vitest';
import { fundraisingCardLines, fundraisingCardText, type FundraisingCardFigures } from './fundraising-card.text.ts';

// A team's preview card counts its shown members (docs/decisions/143-share-cards-and-sitemap.md,
// docs/decisions/154): a team none of whose members is shown is a new team, never "a team of 0".

const team = (members: number): FundraisingCardFigures => ({
  kind: 'team',
  country: 'NZ',
  teamName: 'Kids Crew',
  campaignName: 'November Uplift Challenge',
  members,
  raisedMinor: asMinor(0),
  goalMinor: asMinor(0),
});

describe('a team’s preview card', () => {
  it('calls a team with no member shown a new team', () => {
    const lines = fundraisingCardLines(fundraisingCardText(team(0)));
    expect(lines[2]).toBe('A new team in the November Uplift Challenge');
    expect(lines.join('\n')).not.toMatch(/team of 0/);
  });

  it('counts the members shown', () => {
    expect(fundraisingCardText(team(1)).challenge).toBe('A team of 1 in the November Uplift Challenge');
    expect(fundraisingCardText(team(1200)).challenge).toBe('A team of 1,200 in the November Uplift Challenge');
  });
});
