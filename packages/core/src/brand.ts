// All brand text in one place (product-rules §10): a rename is one edit here.

export interface SocialLink {
  name: string;
  url: string;
}

export interface Brand {
  product: string;
  operator: string;
  contactEmail: string;
  /** The operator's home country. */
  country: string;
  website: string;
  tagline: string;
  social: readonly SocialLink[];
}

export const BRAND: Brand = {
  product: 'Uplift',
  operator: 'Uplift Charitable Trust',
  contactEmail: 'hello@uplift.org.nz',
  country: 'New Zealand',
  website: 'https://uplift.org.nz',
  tagline: 'Give up a little for a month. Lift up a lot.',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/upliftchallenge' },
    { name: 'Instagram', url: 'https://www.instagram.com/upliftchallenge' },
  ],
};

/** Footer line: '© 2026 Uplift Charitable Trust'. */
export function copyrightText(year: number): string {
  return `© ${year} ${BRAND.operator}`;
}

/** The thank-you page's two share buttons (product-rules §2): Facebook and X. */
export function shareLinks(pageUrl: string, text: string): SocialLink[] {
  const u = encodeURIComponent(pageUrl);
  const t = encodeURIComponent(text);
  return [
    { name: 'Facebook', url: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', url: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
  ];
}
