import { BRAND } from '@uplift/core/brand';
import { formatLongDate, todayInCountry } from '@uplift/core/calendar';
import type { Account, ConsentKind } from '@uplift/core/schemas/account';
import { Alert } from '../../../components/alert';
import { useUpdateConsents } from '../api/update-consents';

const WORDING: Record<ConsentKind, string> = {
  terms: 'To be contacted about the challenge, and for my details to be shared with my chosen charity for my receipt (needed to take part)',
  uplift_news: `News from ${BRAND.product}`,
  charity_news: 'News from my chosen charity',
};

/** My consents: when each was given and its wording's version; the two opt-ins can change here. */
export function ConsentsSection({ account }: { account: Account }) {
  const update = useUpdateConsents();
  const state = Object.fromEntries(account.consents.map((c) => [c.consent, c])) as Record<ConsentKind, Account['consents'][number]>;
  const toggle = (consent: 'uplift_news' | 'charity_news', given: boolean) =>
    update.mutate({
      opt_in_uplift_comms: consent === 'uplift_news' ? given : state.uplift_news.given,
      opt_in_charity_comms: consent === 'charity_news' ? given : state.charity_news.given,
    });
  const when = (c: Account['consents'][number]) =>
    c.changed_at
      ? `${c.given ? 'Given' : 'Withdrawn'} on ${formatLongDate(todayInCountry(account.country, new Date(c.changed_at)))} (wording of ${c.wording_version})`
      : c.given
        ? 'Given'
        : 'Not given';
  return (
    <section id="consents" className="card account-section" aria-labelledby="consents-title">
      <h2 id="consents-title">My consents</h2>
      <ul className="account-consents">
        <li>
          <strong>{WORDING.terms}</strong>
          <span className="account-muted">{when(state.terms)}</span>
        </li>
        {(['uplift_news', 'charity_news'] as const).map((consent) => (
          <li key={consent}>
            <label className="account-check">
              <input type="checkbox" checked={state[consent].given} disabled={update.isPending} onChange={(e) => toggle(consent, e.target.checked)} />
              <strong>{WORDING[consent]}</strong>
            </label>
            <span className="account-muted">{when(state[consent])}</span>
          </li>
        ))}
      </ul>
      {update.isError && <Alert>{update.error.message}</Alert>}
      {update.isSuccess && (
        <p role="status" className="account-muted">
          Your choice has been saved.
        </p>
      )}
    </section>
  );
}
