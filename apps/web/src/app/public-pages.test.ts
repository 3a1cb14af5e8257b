import { describe, expect, it } from 'vitest';
import { fundraisingHeadTags } from './public-pages';

// The head of a participant's page and a team (docs/decisions/142): what a share preview reads.

const page = {
  slug: 'sam-runs',
  country: 'UK' as const,
  display_name: 'Sam "Quick" T.',
  charity: { name: 'Mind & Body' },
  goal: 14000,
  raised: { total: 10550 },
};

describe('fundraisingHeadTags', () => {
  it("names the participant's challenge and charity, the raised figure against the goal in the page's currency, and the canonical URL", () => {
    const head = fundraisingHeadTags('page', page, { appUrl: 'https://uplift.example' });
    expect(head).toContain('<title>Sam &quot;Quick&quot; T.\'s challenge for Mind &amp; Body · Uplift</title>');
    expect(head).toContain('<meta name="description" content="Sam &quot;Quick&quot; T. has raised £105.50 of a £140.00 goal for Mind &amp; Body. Back the challenge with a gift." />');
    expect(head).toContain('<link rel="canonical" href="https://uplift.example/p/sam-runs" />');
    expect(head).toContain('<meta property="og:url" content="https://uplift.example/p/sam-runs" />');
    expect(head).toContain('<meta property="og:locale" content="en_GB" />');
    expect(head).toContain('<meta name="twitter:card" content="summary" />');
    expect(head).not.toContain('noindex');
    expect(head).not.toContain('og:image');
  });

  it('names the share card when there is one, and speaks dollars for a New Zealand team', () => {
    const image = { url: 'https://uplift.example/share-image/team-harbour-abc.png', width: 1200, height: 630, alt: 'Team Harbour has raised $160' };
    const head = fundraisingHeadTags('team', { slug: 'harbour', country: 'NZ', name: 'Harbour', members: [{}, {}], raised: { total: 16000 } }, { appUrl: 'https://uplift.example', image });
    expect(head).toContain('<title>Team Harbour · Uplift</title>');
    expect(head).toContain('Team Harbour (2 members) has raised $160.00 together.');
    expect(head).toContain('<link rel="canonical" href="https://uplift.example/t/harbour" />');
    expect(head).toContain(`<meta property="og:image" content="${image.url}" />`);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });
});
