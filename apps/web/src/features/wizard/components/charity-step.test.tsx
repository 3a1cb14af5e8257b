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
});
