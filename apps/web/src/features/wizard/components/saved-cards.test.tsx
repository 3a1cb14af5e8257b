import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SavedCards } from './saved-cards';

const card = (id: number, exp_year: number, exp_month = 12) => ({
  id,
  method_name: 'card',
  is_enabled: true,
  stripe_payment_method_id: `pm_${id}`,
  brand: 'visa',
  last4: String(4240 + id),
  exp_month,
  exp_year,
});

describe('SavedCards', () => {
  it('warns about a card that expires before the last payment, and only that one (decision 047)', () => {
    render(<SavedCards methods={[card(1, 2026, 11), card(2, 2030)]} selectedId={null} onSelect={() => undefined} error={null} lastPaymentDate="2026-12-14" />);
    const warnings = screen.getAllByText(/expires before your last payment on Monday 14 December 2026/);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.closest('label')).toHaveTextContent('Visa ending 4241');
  });
});
