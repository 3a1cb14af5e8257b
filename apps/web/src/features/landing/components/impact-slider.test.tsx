import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Recipient } from '@uplift/core/schemas/recipient';
import { describe, expect, it } from 'vitest';
import { ImpactSlider } from './impact-slider';

// The landing page's impact slider: every sentence beside a number comes from the same impact
// cost, multiplier and unit as the number (docs/decisions/121-impact-units-and-country-content.md).

const charity = (over: Partial<Recipient>): Recipient => ({
  id: 1,
  recipient_name: 'Youthline',
  logo: '/logos/youthline.svg',
  impact_cost: 35,
  impact_unit: 'hours of helpline support',
  impact_unit_singular: 'hour of helpline support',
  // A free description stating a figure of its own must never be shown as the impact sentence.
  impact_description: 'Every $35.00 keeps the helpline answering for a day.',
  impact_multiplier: 7,
  description: 'Support for young people.',
  link: 'https://www.youthline.co.nz',
  country: 'NZ',
  story: '',
  photo: null,
  ...over,
});

const youthline = charity({});
const kidscan = charity({
  id: 2,
  recipient_name: 'KidsCan',
  impact_cost: 80,
  impact_unit: 'raincoats',
  impact_unit_singular: 'raincoat',
  impact_description: 'Every $25.00 gives a child a raincoat.',
  impact_multiplier: 1,
});

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('ImpactSlider', () => {
  it('says each charity’s rate from the figures its number uses, never a free text that could disagree', () => {
    render(<ImpactSlider country="NZ" recipients={[youthline, kidscan]} />);
    // $20 a week over four weeks: $80. Youthline round(80 ÷ 35) × 7 = 14.
    expect(within(card('Youthline')).getByText(/hours of helpline support$/)).toHaveTextContent('14 hours of helpline support');
    expect(within(card('Youthline')).getByText('Every $35.00 gives 7 hours of helpline support.')).toBeInTheDocument();
    expect(screen.queryByText(/keeps the helpline answering/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Every \$25\.00/)).not.toBeInTheDocument();
  });

  it('uses the singular for exactly one and the plural otherwise', () => {
    render(<ImpactSlider country="NZ" recipients={[kidscan]} />);
    const count = () => card('KidsCan').querySelector('.impact-count')!;
    expect(count()).toHaveTextContent(/^1 raincoat$/);
    expect(within(card('KidsCan')).getByText('Every $80.00 gives 1 raincoat.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('slider'), { target: { value: '40' } });
    expect(count()).toHaveTextContent(/^2 raincoats$/);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '5' } });
    expect(count()).toHaveTextContent(/^0 raincoats$/);
  });

  it('speaks pounds on the UK page', () => {
    render(<ImpactSlider country="UK" recipients={[charity({ recipient_name: 'The Trussell Trust', impact_cost: 5, impact_unit: 'emergency food parcels', impact_unit_singular: 'emergency food parcel', impact_multiplier: 1, country: 'UK' })]} />);
    expect(screen.getByText('Every £5.00 gives 1 emergency food parcel.')).toBeInTheDocument();
    expect(card('The Trussell Trust').querySelector('.impact-count')).toHaveTextContent(/^16 emergency food parcels$/);
  });

  it('shows a charity’s photo and story on its card when it has them', () => {
    const photo = { url: '/p/full', card_url: '/p/card', alt: 'Volunteers answering phones', width: 1200, height: 675 };
    render(<ImpactSlider country="NZ" recipients={[charity({ photo, story: 'Answering since 1970.\n\nDay and night.' }), kidscan]} />);
    const img = within(card('Youthline')).getByRole('img', { name: 'Volunteers answering phones' });
    expect(img).toHaveAttribute('src', '/p/card');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '675');
    expect([...card('Youthline').querySelectorAll('.charity-story p')].map((p) => p.textContent)).toEqual(['Answering since 1970.', 'Day and night.']);
    expect(card('KidsCan').querySelector('.impact-photo, details')).toBeNull();
  });
});
