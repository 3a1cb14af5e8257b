import { describe, expect, it } from 'vitest';
import { adminMatchListSchema, adminMatchSchema, MATCH_MESSAGES, matchCreateSchema, matchUpdateSchema, publicMatchSchema } from './match.ts';
import { issuesOf } from './schemas.test-support.ts';

const create = {
  sponsor_name: 'Acme',
  ratio: 1,
  cap_minor: 500_000,
  starts_at: '2026-12-01T00:00:00Z',
  ends_at: '2026-12-31T23:59:59Z',
  applies_to: 'both',
};

describe('matchCreateSchema', () => {
  it('takes a sponsor, ratio, cap, window and what it matches; link and one narrowing are optional', () => {
    expect(matchCreateSchema.parse(create)).toEqual(create);
    const full = { ...create, sponsor_link: 'https://acme.example', page_slug: 'Aroha-Runs' };
    expect(matchCreateSchema.parse(full)).toEqual({ ...full, page_slug: 'aroha-runs' });
    // The logo is uploaded as a file on its own route (decision 169): a remote address is not kept.
    expect(matchCreateSchema.parse({ ...create, sponsor_logo_url: 'https://acme.example/logo.png' })).toEqual(create);
    expect(matchCreateSchema.parse({ ...create, starts_at: '2026-12-01T13:00:00+13:00' }).starts_at).toBe('2026-12-01T13:00:00+13:00');
  });

  it('refuses a ratio outside 1:1..3:1 and a cap outside 1.00..1,000,000.00', () => {
    expect(issuesOf(matchCreateSchema, { ...create, ratio: 4 })).toEqual([`ratio: ${MATCH_MESSAGES.ratioInvalid}`]);
    expect(issuesOf(matchCreateSchema, { ...create, ratio: '1' })).toEqual([`ratio: ${MATCH_MESSAGES.ratioInvalid}`]);
    expect(issuesOf(matchCreateSchema, { ...create, cap_minor: 99 })).toEqual([`cap_minor: ${MATCH_MESSAGES.capInvalid}`]);
    expect(issuesOf(matchCreateSchema, { ...create, cap_minor: 100_000_001 })).toEqual([`cap_minor: ${MATCH_MESSAGES.capInvalid}`]);
    expect(issuesOf(matchCreateSchema, { ...create, cap_minor: 100.5 })).toEqual([`cap_minor: ${MATCH_MESSAGES.capInvalid}`]);
    expect(issuesOf(matchCreateSchema, { ...create, cap_minor: 100 })).toEqual([]);
    expect(issuesOf(matchCreateSchema, { ...create, cap_minor: 100_000_000 })).toEqual([]);
  });

  it('wants a sponsor name of safe text, 1..80 characters, and https links', () => {
    expect(issuesOf(matchCreateSchema, { ...create, sponsor_name: '  ' })).toEqual([`sponsor_name: ${MATCH_MESSAGES.sponsorNameRequired}`]);
    expect(issuesOf(matchCreateSchema, { ...create, sponsor_name: 'a'.repeat(81) })).toEqual([`sponsor_name: ${MATCH_MESSAGES.sponsorNameTooLong}`]);
    expect(issuesOf(matchCreateSchema, { ...create, sponsor_name: 'Ac\u202Eme' })).toEqual(["sponsor_name: Sponsor name can't contain invisible or control characters"]);
    expect(issuesOf(matchCreateSchema, { ...create, sponsor_link: 'javascript:alert(1)' })).toEqual([`sponsor_link: ${MATCH_MESSAGES.linkInvalid}`]);
  });

  it('wants zoned instants, the end after the start', () => {
    expect(issuesOf(matchCreateSchema, { ...create, starts_at: '2026-12-01' })).toEqual([`starts_at: ${MATCH_MESSAGES.startsInvalid}`]);
    expect(issuesOf(matchCreateSchema, { ...create, ends_at: '2026-12-01T00:00:00Z' })).toEqual([`ends_at: ${MATCH_MESSAGES.endsBeforeStarts}`]);
    expect(issuesOf(matchCreateSchema, { ...create, ends_at: '2026-11-01T00:00:00Z' })).toEqual([`ends_at: ${MATCH_MESSAGES.endsBeforeStarts}`]);
    expect(issuesOf(matchCreateSchema, { ...create, applies_to: 'pledges' })).toEqual([`applies_to: ${MATCH_MESSAGES.appliesToInvalid}`]);
  });

  it('narrows to at most one of a charity, a team or a page', () => {
    expect(issuesOf(matchCreateSchema, { ...create, recipient_id: 3 })).toEqual([]);
    expect(issuesOf(matchCreateSchema, { ...create, team_slug: 'fast-five' })).toEqual([]);
    expect(issuesOf(matchCreateSchema, { ...create, recipient_id: 3, team_slug: 'fast-five' })).toEqual([`recipient_id: ${MATCH_MESSAGES.oneNarrowing}`]);
    expect(issuesOf(matchCreateSchema, { ...create, team_slug: 'fast-five', page_slug: 'aroha' })).toEqual([`recipient_id: ${MATCH_MESSAGES.oneNarrowing}`]);
  });
});

describe('matchUpdateSchema', () => {
  it('changes any of sponsor, link, cap, end and status; null clears the link', () => {
    expect(matchUpdateSchema.parse({ cap_minor: 600_000 })).toEqual({ cap_minor: 600_000 });
    expect(matchUpdateSchema.parse({ status: 'paused' })).toEqual({ status: 'paused' });
    expect(matchUpdateSchema.parse({ sponsor_link: null })).toEqual({ sponsor_link: null });
    expect(issuesOf(matchUpdateSchema, { sponsor_logo_url: 'https://acme.example/l.png' })).toEqual([`: ${MATCH_MESSAGES.nothingToChange}`]);
    expect(issuesOf(matchUpdateSchema, { status: 'stopped' })).toEqual([`status: ${MATCH_MESSAGES.statusInvalid}`]);
    expect(issuesOf(matchUpdateSchema, {})).toEqual([`: ${MATCH_MESSAGES.nothingToChange}`]);
  });

  it('does not change the ratio, the window start or what is matched', () => {
    expect(matchUpdateSchema.parse({ cap_minor: 600_000, ratio: 3, applies_to: 'gifts' })).toEqual({ cap_minor: 600_000 });
  });
});

describe('match answers', () => {
  const pub = {
    id: 7,
    sponsor_name: 'Acme',
    sponsor_logo_url: '/api/matches/7/logo?v=0123456789abcdef',
    sponsor_logo_width: 96,
    sponsor_logo_height: 32,
    sponsor_link: 'https://acme.example',
    ratio: 2,
    cap_minor: 500_000,
    matched_minor: 1000,
    left_minor: 499_000,
    ends_at: '2026-12-31T23:59:59.000Z',
  };
  const admin = {
    ...pub,
    campaign_id: 1,
    starts_at: '2026-12-01T00:00:00.000Z',
    applies_to: 'gifts',
    recipient_id: null,
    team_id: 4,
    page_id: null,
    narrowed_to: 'team',
    narrowed_name: 'Fast Five',
    narrowed_path: '/t/fast-five',
    status: 'active',
    created_at: '2026-11-29T00:00:00.000Z',
    owed: [{ recipient_id: 2, recipient_name: 'KidsCan', owed_minor: 1000 }],
  };

  it('a public match says who adds how much and what is left; the admin one adds its window, narrowing and what is owed', () => {
    expect(publicMatchSchema.parse(pub)).toEqual(pub);
    expect(publicMatchSchema.safeParse({ ...pub, ratio: 4 }).success).toBe(false);
    expect(adminMatchSchema.parse(admin)).toEqual(admin);
    expect(adminMatchListSchema.parse({ matches: [admin] })).toEqual({ matches: [admin] });
    expect(adminMatchSchema.safeParse({ ...admin, status: 'done' }).success).toBe(false);
  });
});
