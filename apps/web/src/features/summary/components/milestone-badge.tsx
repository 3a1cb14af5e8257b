import type { CountryCode } from '@uplift/core/countries';
import { highestMilestone, MILESTONES, milestoneSharePath } from '@uplift/core/milestones';
import type { Payment } from '@uplift/core/schemas/payment';
import { useState } from 'react';

/**
 * The highest milestone the pledge has reached (halfway: 2 of 4 received; completed: all), as a
 * badge, with the link to share it: the landing page whose preview card carries the same badge
 * (product-rules §20, docs/decisions/137). Nothing before halfway.
 */
export function MilestoneBadge({ country, payments }: { country: CountryCode; payments: Payment[] }) {
  const [copied, setCopied] = useState(false);
  const paid = payments.filter((p) => p.payment_status === 'Success').length;
  const milestone = highestMilestone(paid, payments.length);
  if (!milestone) return null;
  const shareUrl = `${window.location.origin}${milestoneSharePath(country, milestone)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="card summary-milestone" aria-labelledby="milestone-title">
      <p className="summary-badge" id="milestone-title">
        {MILESTONES[milestone].badge}
      </p>
      <p className="summary-muted">
        {paid} of {payments.length} payments received. Share it if you like: the link shows this badge.
      </p>
      <label className="summary-share">
        <span>Your share link</span>
        <input readOnly value={shareUrl} onFocus={(e) => e.target.select()} />
      </label>
      <button type="button" className="button secondary" onClick={() => void copy()}>
        Copy link
      </button>
      {copied && (
        <p role="status" className="summary-muted">
          Copied.
        </p>
      )}
    </section>
  );
}
