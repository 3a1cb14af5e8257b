import { formatLongDate, todayInCountry } from '@uplift/core/calendar';
import { MAIL_PREFERENCE_KINDS, MAIL_PREFERENCES, type MailPreference, TRANSACTIONAL_MAILS } from '@uplift/core/mail-kinds';
import type { Account, ConsentKind } from '@uplift/core/schemas/account';
import { Alert } from '../../../components/alert';
import { useUpdateConsents } from '../api/update-consents';
import { useUpdateMailPreference } from '../api/update-mail-preference';

const TERMS_WORDING = 'To be contacted about the challenge, and for my details to be shared with my chosen charity for my receipt (needed to take part)';

type ConsentState = Account['consents'][number];

/**
 * My consents: every email that can be stopped with its switch first (product-rules §20,
 * docs/decisions/136), then the terms, and the emails that always go folded under one line, each with
 * the reason it cannot be switched off (docs/decisions/157).
 */
export function ConsentsSection({ account }: { account: Account }) {
  const updateNews = useUpdateConsents();
  const updateOther = useUpdateMailPreference();
  const byKind = new Map(account.consents.map((c) => [c.consent, c]));
  const stateOf = (kind: ConsentKind): ConsentState =>
    byKind.get(kind) ?? { consent: kind, given: kind === 'terms' ? false : MAIL_PREFERENCES[kind].defaultOn, changed_at: null, wording_version: null };
  const pending = updateNews.isPending || updateOther.isPending;
  const toggle = (kind: MailPreference, given: boolean) => {
    updateOther.reset();
    updateNews.reset();
    // The two news opt-ins keep their own route (registration's pair); the rest switch one at a time.
    if (kind === 'uplift_news' || kind === 'charity_news') {
      updateNews.mutate({
        opt_in_uplift_comms: kind === 'uplift_news' ? given : stateOf('uplift_news').given,
        opt_in_charity_comms: kind === 'charity_news' ? given : stateOf('charity_news').given,
      });
    } else {
      updateOther.mutate({ kind, given });
    }
  };
  const when = (c: ConsentState) =>
    c.changed_at
      ? `${c.given ? 'Given' : 'Withdrawn'} on ${formatLongDate(todayInCountry(account.country, new Date(c.changed_at)))} (wording of ${c.wording_version})`
      : c.consent === 'terms' || c.consent === 'uplift_news' || c.consent === 'charity_news'
        ? c.given
          ? 'Given'
          : 'Not given'
        : // A preference never changed is in its default state: nothing was given or withdrawn.
          c.given
          ? 'On until you stop it'
          : 'Off until you switch it on';
  const error = updateNews.error ?? updateOther.error;
  const always = Object.entries(TRANSACTIONAL_MAILS);
  return (
    <section id="consents" className="card account-section" aria-labelledby="consents-title">
      <h2 id="consents-title">My consents</h2>
      {/* What can change comes first; the terms and the mails that always go follow (docs/decisions/157). */}
      <h3 id="mail-optional-title">Emails you can stop</h3>
      <p className="account-muted">Each of these emails has a link to stop it in one click, without signing in.</p>
      <ul className="account-consents" aria-labelledby="mail-optional-title">
        {MAIL_PREFERENCE_KINDS.map((kind) => {
          const state = stateOf(kind);
          return (
            <li key={kind}>
              <label className="account-check">
                <input type="checkbox" checked={state.given} disabled={pending} onChange={(e) => toggle(kind, e.target.checked)} />
                <strong>{MAIL_PREFERENCES[kind].label}</strong>
              </label>
              <span className="account-muted">{when(state)}</span>
            </li>
          );
        })}
      </ul>
      {error && <Alert>{error.message}</Alert>}
      {(updateNews.isSuccess || updateOther.isSuccess) && (
        <p role="status" className="account-muted">
          Your choice has been saved.
        </p>
      )}
      <h3 id="terms-title">Taking part</h3>
      <p className="account-terms">
        <strong>{TERMS_WORDING}</strong>
        <span className="account-muted">{when(stateOf('terms'))}</span>
      </p>
      <details className="account-always">
        <summary>
          <span id="mail-always-title">{always.length} mails we always send</span> (why)
        </summary>
        <ul className="account-consents" aria-labelledby="mail-always-title">
          {always.map(([kind, mail]) => (
            <li key={kind}>
              <strong>{mail.label}</strong>
              <span className="account-muted">Cannot be switched off: {mail.reason}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
