import type { Payment } from '@uplift/core/schemas/payment';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MilestoneBadge } from './milestone-badge';

const week = (id: number, payment_status: Payment['payment_status']): Payment => ({
  id,
  pledge_id: 7,
  payment_status,
  processing_date: `2026-12-0${id}`,
  amount: 17.5,
  refunded: 0,
  fee_cover: 0,
  skipped_from: null,
  failure_reason: null,
  next_retry_date: null,
  action: null,
  payment_method_id: 3,
  stripe_payment_method_id: null,
});

describe('MilestoneBadge', () => {
  it('shows nothing before halfway', () => {
    const { container } = render(<MilestoneBadge country="NZ" payments={[week(1, 'Success'), week(2, 'Failed'), week(3, 'Pending'), week(4, 'Pending')]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('NZ, 2 of 4 received: the halfway badge and a share link whose card shows it', () => {
    render(<MilestoneBadge country="NZ" payments={[week(1, 'Success'), week(2, 'Success'), week(3, 'Pending'), week(4, 'Pending')]} />);
    expect(screen.getByRole('region', { name: 'Halfway there' })).toBeInTheDocument();
    expect(screen.getByText('2 of 4 payments received. Share it if you like: the link shows this badge.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your share link')).toHaveValue(`${window.location.origin}/?country=NZ&badge=halfway`);
  });

  it('UK, all received: only the highest badge, completed', () => {
    render(<MilestoneBadge country="UK" payments={[1, 2, 3, 4].map((id) => week(id, 'Success'))} />);
    expect(screen.getByRole('region', { name: 'Challenge complete' })).toBeInTheDocument();
    expect(screen.queryByText('Halfway there')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Your share link')).toHaveValue(`${window.location.origin}/?country=UK&badge=completed`);
  });
});
