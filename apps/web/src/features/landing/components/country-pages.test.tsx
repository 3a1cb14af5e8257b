import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import { charitiesNamed, placesNamed } from '@uplift/core/country-content';
import type { PublicTestimonial } from '@uplift/core/schemas/testimonials';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Hero } from './hero';
import { WhyUplift } from './why-uplift';

// Each country's landing page names only its own partners, charities and places
// (docs/decisions/121-impact-units-and-country-content.md), and shows only testimonials an admin
// entered for that country, with no section when there are none (docs/decisions/167).

const other = (country: CountryCode): CountryCode => COUNTRY_CODES.find((c) => c !== country)!;

const TESTIMONIALS: Record<CountryCode, PublicTestimonial[]> = {
  NZ: [{ id: 1, name: 'Aroha', country: 'NZ', quote: 'Four weeks without takeaways fed a family for a week.' }],
  UK: [],
};

afterEach(() => vi.unstubAllGlobals());

function stubTestimonials(answers: Record<CountryCode, PublicTestimonial[]>) {
  const fetch = vi.fn(async (url: string) => {
    const country = url.replace('/api/testimonials/', '') as CountryCode;
    return new Response(JSON.stringify(answers[country]), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

describe('the landing page’s hero and testimonials, per country', () => {
  for (const country of COUNTRY_CODES) {
    it(`${country}: names no charity or place of the other country`, async () => {
      const fetch = stubTestimonials(TESTIMONIALS);
      const { container } = renderWith(
        <>
          <Hero country={country}>{null}</Hero>
          <WhyUplift country={country} />
        </>,
      );
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith(`/api/testimonials/${country}`, expect.anything()));
      const text = [container.textContent, ...Array.from(container.querySelectorAll('img'), (i) => i.alt)].join('\n');
      for (const name of [...charitiesNamed(other(country)), ...placesNamed(other(country))]) expect(text, name).not.toContain(name);
    });
  }

  it('names the country’s own partners', () => {
    stubTestimonials(TESTIMONIALS);
    renderWith(<Hero country="UK">{null}</Hero>);
    expect(screen.getByRole('img', { name: 'Shelter (opens in a new tab)' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Youthline/ })).not.toBeInTheDocument();
  });

  it('shows the testimonials an admin entered for the country, under their heading', async () => {
    stubTestimonials(TESTIMONIALS);
    renderWith(<WhyUplift country="NZ" />);
    const band = await screen.findByTestId('testimonials');
    expect(band).toHaveTextContent('From people who took part');
    expect(band).toHaveTextContent('“Four weeks without takeaways fed a family for a week.”');
    expect(band).toHaveTextContent('Aroha');
  });

  it('shows no testimonials section at all for a country without any', async () => {
    const fetch = stubTestimonials(TESTIMONIALS);
    const { client } = renderWith(<WhyUplift country="UK" />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await vi.waitFor(() => expect(client.getQueryState(['testimonials', 'UK'])?.status).toBe('success'));
    expect(screen.queryByTestId('testimonials')).not.toBeInTheDocument();
    expect(screen.queryByText('From people who took part')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /So, why/ })).toBeInTheDocument();
  });
});
