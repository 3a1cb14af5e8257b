import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries.ts';
import { COUNTRY_CONTENT, charitiesNamed, placesNamed } from './country-content.ts';

describe('each country page’s own content', () => {
  it('names places and charities of its own country only: no name is shared between the two', () => {
    expect(placesNamed('NZ')).toEqual(['Auckland', 'Hamilton', 'Wellington', 'Christchurch', 'Dunedin']);
    expect(placesNamed('UK')).toEqual(['London', 'Leeds', 'Manchester', 'Edinburgh', 'Cardiff']);
    expect(charitiesNamed('NZ')).toEqual(['Youthline', 'Auckland City Mission', 'KidsCan']);
    expect(charitiesNamed('UK')).toEqual(['Shelter', 'Mind', 'The Trussell Trust']);
    for (const name of [...placesNamed('NZ'), ...charitiesNamed('NZ')]) {
      expect([...placesNamed('UK'), ...charitiesNamed('UK')], name).not.toContain(name);
    }
  });

  it('links every partner over https, with a logo the web app serves', () => {
    for (const country of COUNTRY_CODES) {
      for (const p of COUNTRY_CONTENT[country].partners) {
        expect(p.url, p.name).toMatch(/^https:\/\//);
        expect(p.logo, p.name).toMatch(/^\/(partners|logos)\/[a-z-]+\.svg$/);
      }
    }
  });
});
