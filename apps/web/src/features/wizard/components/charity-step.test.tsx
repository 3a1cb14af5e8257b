import { render, screen, within } from '@testing-library/react';
import { asMinor } from '@uplift/core/money';
import { describe, expect, it } from 'vitest';
import { youthline } from '../model/wizard-test-kit';
import { CharityStep } from './charity-step';

// Step 4's possible impact, worded by core from the charity's own figures, singular for one.

function show(pledgeTotalMinor: number, recipients = [youthline, { ...youthline, id: 6, recipient_name: 'KidsCan', impact_cost: 70, impact_unit: 'raincoats', impact_unit_singular: 'raincoat', impact_multiplier: 1 }]) {
  render(
    <CharityStep
      recipients={recipients}
      totals={undefined}
      isLoading={false}
      isError={false}
      selectedId={null}
      onSelect={() => {}}
      country="NZ"
      pledgeTotalMinor={asMinor(pledgeTotalMinor)}
    />,
  );
  return (name: string) => within(screen.getByRole('heading', { level: 3, name }).closest('li')!).getByText('Your possible impact').nextElementSibling;
}

describe('CharityStep', () => {
  it('shows the possible impact with the multiplier, and the singular unit for exactly one', () => {
    const impact = show(7000);
    expect(impact('Youthline')).toHaveTextContent(/^14 hours of helpline support$/);
    expect(impact('KidsCan')).toHaveTextContent(/^1 raincoat$/);
  });

  it('uses the plural for more than one', () => {
    expect(show(14000)('KidsCan')).toHaveTextContent(/^2 raincoats$/);
  });

  it('shows a charity’s photo in the cards’ size, described, sized and loaded lazily; none where there is none', () => {
    const photo = {
      url: '/api/recipient/6/photo?size=full&v=0123456789abcdef',
      card_url: '/api/recipient/6/photo?size=card&v=0123456789abcdef',
      alt: 'Children in yellow raincoats at the school gate',
      width: 1200,
      height: 800,
    };
    show(7000, [youthline, { ...youthline, id: 6, recipient_name: 'KidsCan', photo }]);
    const kidscan = screen.getByRole('heading', { level: 3, name: 'KidsCan' }).closest('li')!;
    const img = within(kidscan).getByRole('img', { name: photo.alt });
    expect(img).toHaveAttribute('src', photo.card_url);
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '800');
    expect(img).toHaveAttribute('loading', 'lazy');
    const plain = screen.getByRole('heading', { level: 3, name: 'Youthline' }).closest('li')!;
    expect(within(plain).getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Youthline logo']);
  });

  it('offers the story under “Their story”, as plain text in its paragraphs', () => {
    const story = 'Founded by a teacher.\nIn one school.\n\n<b>Now</b> in every region.';
    show(7000, [youthline, { ...youthline, id: 6, recipient_name: 'KidsCan', story }]);
    const kidscan = screen.getByRole('heading', { level: 3, name: 'KidsCan' }).closest('li')!;
    const details = kidscan.querySelector('details')!;
    expect(within(details).getByText('Their story')).toBeInTheDocument();
    const paragraphs = [...details.querySelectorAll('.charity-story p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['Founded by a teacher.\nIn one school.', '<b>Now</b> in every region.']);
    expect(details.querySelector('b')).toBeNull();
    const plain = screen.getByRole('heading', { level: 3, name: 'Youthline' }).closest('li')!;
    expect(plain.querySelector('details')).toBeNull();
  });
});
