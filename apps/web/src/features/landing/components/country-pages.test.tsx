import { render, screen } from '@testing-library/react';
import { COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import { charitiesNamed, placesNamed } from '@uplift/core/country-content';
import { describe, expect, it } from 'vitest';
import { Hero } from './hero';
import { WhyUplift } from './why-uplift';

// Each country's landing page names only its own partners, charities and places
// (docs/decisions/121-impact-units-and-country-content.md).

const other = (country: CountryCode): CountryCode => COUNTRY_CODES.find((c) => c !== country)!;

describe('the landing page’s hero and stories, per country', () => {
  for (const country of COUNTRY_CODES) {
    it(`${country}: names no charity or place of the other country`, () => {
      const { container } = render(
        <>
          <Hero country={country}>{null}</Hero>
          <WhyUplift country={country} />
        </>,
      );
      const text = [container.textContent, ...Array.from(container.querySelectorAll('img'), (i) => i.alt)].join('\n');
      for (const name of [...charitiesNamed(other(country)), ...placesNamed(other(country))]) expect(text, name).not.toContain(name);
    });
  }

  it('names the country’s own partners and participants', () => {
    render(<Hero country="UK">{null}</Hero>);
    expect(screen.getByRole('img', { name: 'Shelter (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Youthline/ })).not.toBeInTheDocument();
    render(<WhyUplift country="NZ" />);
    expect(screen.getByText('Hana, Wellington')).toBeInTheDocument();
    expect(screen.queryByText('Daniel, Leeds')).not.toBeInTheDocument();
  });
});
