import { describe, expect, it } from 'vitest';
import {
  challengeRequestSchema,
  charityFormOf,
  charityRequestOfForm,
  charityFormSchema,
  charityPhotoRequestSchema,
  charityRequestSchema,
  holdsHtmlTags,
  isHttpsUrl,
  statesNoFigures,
  type AdminCharity,
  type CharityForm,
} from '@uplift/core/schemas/admin-charities';
import { issuesOf } from './schemas.test-support.ts';

// The admin's charity and challenge forms (decision 053), limits and messages as literals.
const charity = {
  recipient_name: 'Kids Can',
  country: 'NZ',
  impact_cost: 2.5,
  impact_unit: 'meals',
  impact_unit_singular: 'meal',
  impact_description: 'feeds children at school',
  impact_multiplier: 1,
  description: 'Food for school children.',
  link: 'https://kidscan.org.nz',
};
const challenge = {
  name: 'No coffee',
  icon: 'coffee',
  unit: 'coffees',
  description: 'Skip the café.',
  hashtag: '#NoCoffeeNovember',
  hashtag_link: 'https://example.org/tag',
};

describe('isHttpsUrl', () => {
  it('accepts only an absolute https:// address', () => {
    expect(isHttpsUrl('https://kidscan.org.nz/about')).toBe(true);
    expect(isHttpsUrl('HTTPS://KidsCan.org.nz')).toBe(true);
    expect(isHttpsUrl('http://kidscan.org.nz')).toBe(false);
    expect(isHttpsUrl('kidscan.org.nz')).toBe(false);
    expect(isHttpsUrl('https://')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)//https://x')).toBe(false);
    // The address must begin with https:// itself (a URL parser would forgive both).
    expect(isHttpsUrl(' https://kidscan.org.nz')).toBe(false);
    expect(isHttpsUrl('https:kidscan.org.nz')).toBe(false);
  });
});

describe('charityRequestSchema', () => {
  it('takes a complete charity, enabled unless said otherwise', () => {
    expect(charityRequestSchema.parse(charity)).toEqual({ ...charity, is_enabled: true, story: '' });
  });

  it('takes an optional plain-text story of at most 1,000 characters, its paragraphs kept', () => {
    const story = (value: unknown) => charityRequestSchema.safeParse({ ...charity, story: value });
    // A client that sends no story still works: it is empty, so the charity has none.
    expect(charityRequestSchema.parse(charity).story).toBe('');
    expect(story('  First paragraph.\r\n\r\nSecond one.\n').data?.story).toBe('First paragraph.\n\nSecond one.');
    expect(story('x'.repeat(1000)).success).toBe(true);
    expect(issuesOf(charityRequestSchema, { ...charity, story: 'x'.repeat(1001) })).toEqual(['story: The story must be at most 1,000 characters long']);
    for (const html of ['<b>Bold</b> claims', 'A <script>alert(1)</script>', 'Line<br/>break', '<!-- hidden -->', '<p>']) {
      expect(issuesOf(charityRequestSchema, { ...charity, story: html }), html).toEqual(['story: The story must be plain text, without HTML tags']);
    }
    // Plain text that merely uses the signs is fine.
    for (const plain of ['Children aged < 5 and > 2 eat first.', 'Rent <£500 a month', 'a<b']) {
      expect(holdsHtmlTags(plain), plain).toBe(false);
      expect(story(plain).success, plain).toBe(true);
    }
    expect(issuesOf(charityRequestSchema, { ...charity, story: 42 })).toEqual(['story: The story must be at most 1,000 characters long']);
  });

  it('wants an impact cost over 0, up to 10,000,000, with at most two decimals', () => {
    const cost = (impact_cost: unknown) => issuesOf(charityRequestSchema, { ...charity, impact_cost });
    const invalid = ['impact_cost: The impact cost must be an amount greater than 0 with at most two decimal places'];
    for (const ok of [0.01, 10.5, 10_000_000]) expect(cost(ok), String(ok)).toEqual([]);
    for (const bad of [0, -1, 2.555, 10_000_000.01, '2.50']) expect(cost(bad), String(bad)).toEqual(invalid);
    // Out of range with three decimals as well: still one message, not two.
    for (const bad of [-2.555, 10_000_000.555]) expect(cost(bad), String(bad)).toEqual(invalid);
  });

  it('wants a whole impact multiplier from 1 to 1000', () => {
    const multiplier = (impact_multiplier: unknown) => issuesOf(charityRequestSchema, { ...charity, impact_multiplier });
    for (const ok of [1, 1000]) expect(multiplier(ok)).toEqual([]);
    for (const bad of [0, 1001, 1.5]) expect(multiplier(bad), String(bad)).toEqual(['impact_multiplier: The impact multiplier must be a whole number from 1 to 1000']);
  });

  it('wants the impact unit for one beside the unit, each at most 100 characters', () => {
    expect(issuesOf(charityRequestSchema, { ...charity, impact_unit_singular: ' ' })).toEqual([
      'impact_unit_singular: Please enter the impact unit for one (for example “meal”)',
    ]);
    const { impact_unit_singular: _singular, ...without } = charity;
    expect(issuesOf(charityRequestSchema, without)).toEqual(['impact_unit_singular: Please enter the impact unit for one (for example “meal”)']);
    expect(issuesOf(charityRequestSchema, { ...charity, impact_unit_singular: 'x'.repeat(101) })).toEqual([
      'impact_unit_singular: At most 100 characters, please',
    ]);
  });

  it('refuses an impact description that states an amount or a number, which could disagree with the impact figures', () => {
    const figures = ['impact_description: The impact description must not state amounts or numbers: the impact sentence is worked out from the impact cost, multiplier and unit'];
    for (const bad of ['Every $10.00 provides two hot meals', 'Every £5 helps', '2 meals a day', 'keeps the helpline open for 24 hours', 'costs €3']) {
      expect(issuesOf(charityRequestSchema, { ...charity, impact_description: bad }), bad).toEqual(figures);
    }
    expect(issuesOf(charityRequestSchema, { ...charity, impact_description: 'Hot, nutritious meals for people in need.' })).toEqual([]);
    expect(statesNoFigures('Youthline’s free helpline answers young people day and night.')).toBe(true);
    expect(statesNoFigures('open 24/7')).toBe(false);
  });

  it('wants a name of at most 100 characters, an https link and a logo of at most 200 KB', () => {
    expect(issuesOf(charityRequestSchema, { ...charity, recipient_name: ' ' })).toEqual(['recipient_name: Please enter the charity’s name']);
    expect(issuesOf(charityRequestSchema, { ...charity, recipient_name: 'x'.repeat(101) })).toEqual([
      'recipient_name: The name must be at most 100 characters long',
    ]);
    expect(issuesOf(charityRequestSchema, { ...charity, link: 'http://kidscan.org.nz' })).toEqual([
      'link: The more-info link must be a web address starting with https://',
    ]);
    // 200 KB in base64 is 273,068 characters.
    expect(issuesOf(charityRequestSchema, { ...charity, logo_base64: 'A'.repeat(273_068) })).toEqual([]);
    expect(issuesOf(charityRequestSchema, { ...charity, logo_base64: 'A'.repeat(273_069) })).toEqual(['logo_base64: The logo must be at most 200 KB']);
  });
});

describe('charityPhotoRequestSchema', () => {
  const photo = { photo_base64: '/9j/4AAQ', alt: 'Volunteers packing food parcels in a warehouse' };

  it('wants the photo file and a description of 1 to 200 characters', () => {
    expect(charityPhotoRequestSchema.parse({ ...photo, alt: '  Volunteers at work ' })).toEqual({ ...photo, alt: 'Volunteers at work' });
    expect(issuesOf(charityPhotoRequestSchema, { ...photo, alt: ' ' })).toEqual([
      'alt: Please describe the photo (what it shows, for people using screen readers)',
    ]);
    const { alt: _alt, ...noAlt } = photo;
    expect(issuesOf(charityPhotoRequestSchema, noAlt)).toEqual(['alt: Please describe the photo (what it shows, for people using screen readers)']);
    expect(issuesOf(charityPhotoRequestSchema, { ...photo, alt: 'x'.repeat(200) })).toEqual([]);
    expect(issuesOf(charityPhotoRequestSchema, { ...photo, alt: 'x'.repeat(201) })).toEqual(['alt: The photo description must be at most 200 characters long']);
    expect(issuesOf(charityPhotoRequestSchema, { ...photo, photo_base64: '' })).toEqual(['photo_base64: Please choose a photo (JPEG, PNG or WebP, at most 5 MB)']);
    const { photo_base64: _file, ...noFile } = photo;
    expect(issuesOf(charityPhotoRequestSchema, noFile)).toEqual(['photo_base64: Please choose a photo (JPEG, PNG or WebP, at most 5 MB)']);
  });

  it('refuses text longer than 5 MB in base64 before decoding it', () => {
    // 5 MB in base64 is 6,990,508 characters.
    expect(issuesOf(charityPhotoRequestSchema, { ...photo, photo_base64: 'A'.repeat(6_990_508) })).toEqual([]);
    expect(issuesOf(charityPhotoRequestSchema, { ...photo, photo_base64: 'A'.repeat(6_990_509) })).toEqual(['photo_base64: The photo must be at most 5 MB']);
  });
});

describe('charityFormSchema', () => {
  const form: CharityForm = { ...charity, country: 'NZ', impact_cost: '12.50', impact_multiplier: '7', logo_base64: 'iVBORw0KGgo=' };
  const editing = charityFormSchema({ adding: false });
  const adding = charityFormSchema({ adding: true });

  it('reads the typed impact cost as an amount, to the decimal the API speaks, and the multiplier by its digits', () => {
    expect(editing.parse(form)).toEqual({ ...charity, impact_cost: 12.5, impact_multiplier: 7, is_enabled: true, logo_base64: 'iVBORw0KGgo=', story: '' });
    expect(editing.parse({ ...form, impact_cost: ' 1.15 ' }).impact_cost).toBe(1.15);
    expect(editing.parse({ ...form, impact_cost: '3' }).impact_cost).toBe(3);
  });

  it("refuses text that is not an amount with the request schema's own message", () => {
    const invalid = ['impact_cost: The impact cost must be an amount greater than 0 with at most two decimal places'];
    for (const bad of ['', '0', '12.505', '-3', '1,000', '$12', 'twelve', '1e3']) {
      expect(issuesOf(editing, { ...form, impact_cost: bad }), bad).toEqual(invalid);
    }
    for (const bad of ['', '0', '1.5', ' 7', '1001', 'seven']) {
      expect(issuesOf(editing, { ...form, impact_multiplier: bad }), bad).toEqual([
        'impact_multiplier: The impact multiplier must be a whole number from 1 to 1000',
      ]);
    }
  });

  it('shows a charity for editing with its impact cost as an amount field reads it back', () => {
    const saved: AdminCharity = {
      ...charity, id: 3, country: 'NZ', impact_cost: 12.5, logo: '/logos/3.png', is_enabled: false, pledge_count: 2,
      story: 'Started in a church hall.', photo: null,
    };
    expect(charityFormOf(saved)).toEqual({
      ...charity, country: 'NZ', impact_cost: '12.50', impact_multiplier: '1', is_enabled: false, story: 'Started in a church hall.',
    });
    expect(charityFormOf({ ...saved, impact_cost: 12 }).impact_cost).toBe('12');
    expect(charityFormOf({ ...saved, impact_cost: 0.05 }).impact_cost).toBe('0.05');
    expect(charityFormOf({ ...saved, impact_cost: 1234.1 }).impact_cost).toBe('1234.10');
    for (const cost of [0.05, 1.15, 12, 12.5, 1234.1]) {
      expect(editing.parse(charityFormOf({ ...saved, impact_cost: cost })).impact_cost).toBe(cost);
    }
  });

  it('reads the typed multiplier as a whole number only, several digits included', () => {
    const typed: CharityForm = { ...charityFormOf({ ...charity, id: 3, country: 'NZ', impact_cost: 12.5, logo: '/logos/3.png', is_enabled: true, pledge_count: 0, story: '', photo: null }) };
    expect(charityRequestOfForm({ ...typed, impact_multiplier: '12' }).impact_multiplier).toBe(12);
    expect(charityRequestOfForm({ ...typed, impact_multiplier: '3x' }).impact_multiplier).toBeNaN();
    expect(charityRequestOfForm({ ...typed, impact_multiplier: 'x3' }).impact_multiplier).toBeNaN();
    expect(charityRequestOfForm({ ...typed, impact_multiplier: '3.5' }).impact_multiplier).toBeNaN();
    expect(charityRequestOfForm({ ...typed, impact_cost: ' 12.50 ' }).impact_cost).toBe(12.5);
  });

  it('needs a logo for a new charity, said beside every other problem; an edit keeps the logo it has', () => {
    const { logo_base64: _logo, ...noLogo } = form;
    expect(issuesOf(editing, noLogo)).toEqual([]);
    expect(issuesOf(adding, noLogo)).toEqual(['logo_base64: Please upload a logo (PNG, SVG or WebP, at most 200 KB)']);
    expect(issuesOf(adding, { ...noLogo, logo_base64: '', link: 'http://kidscan.org.nz' })).toEqual([
      'link: The more-info link must be a web address starting with https://',
      'logo_base64: Please upload a logo (PNG, SVG or WebP, at most 200 KB)',
    ]);
    expect(issuesOf(adding, form)).toEqual([]);
  });
});

describe('challengeRequestSchema', () => {
  it('takes a complete challenge, of units and enabled unless said otherwise', () => {
    expect(challengeRequestSchema.parse(challenge)).toEqual({ ...challenge, kind: 'units', is_enabled: true });
  });

  it('wants a hashtag of # and 1 to 60 letters and digits, and one of the icons', () => {
    const hashtag = (value: string) => issuesOf(challengeRequestSchema, { ...challenge, hashtag: value });
    const invalid = ['hashtag: The hashtag must start with # and hold letters and digits only'];
    expect(hashtag(`#${'a'.repeat(60)}`)).toEqual([]);
    for (const bad of ['NoCoffee', '#', `#${'a'.repeat(61)}`, '#no-coffee', 'x#NoCoffee', '#NoCoffee!']) expect(hashtag(bad), bad).toEqual(invalid);
    expect(issuesOf(challengeRequestSchema, { ...challenge, icon: 'tea' })).toEqual([
      'icon: The icon must be one of coffee, takeaway, lunch, gym, streaming, commute',
    ]);
  });
});
