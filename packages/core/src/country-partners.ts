import type { CountryCode } from './countries.ts';

// Each country's partners, named under 'In partnership with' on its landing page's hero
// (docs/decisions/121-impact-units-and-country-content.md). Apart from country-content.ts, whose
// stories and example pledges load with the sections below the hero: the hero is in the page's
// first load (decision 024's budget).

/** A partner shown under 'In partnership with' on the country's landing page. */
export interface Partner {
  name: string;
  /** Path of the image as served by the web app (apps/web/public). */
  logo: string;
  /** The image's drawn size at 48 px high. */
  width: number;
  url: string;
}

export const COUNTRY_PARTNERS: Readonly<Record<CountryCode, readonly Partner[]>> = {
  NZ: [{ name: 'Youthline', logo: '/partners/youthline.svg', width: 160, url: 'https://www.youthline.co.nz' }],
  UK: [
    { name: 'Shelter', logo: '/logos/shelter.svg', width: 48, url: 'https://www.shelter.org.uk' },
    { name: 'Mind', logo: '/logos/mind.svg', width: 48, url: 'https://www.mind.org.uk' },
    { name: 'The Trussell Trust', logo: '/logos/trussell.svg', width: 48, url: 'https://www.trusselltrust.org' },
  ],
};
