import { formatLongDate, todayInCountry } from '@uplift/core/calendar';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import type { AccountSession } from '@uplift/core/schemas/sessions';
import { Alert } from '../../../components/alert';
import { useSessions, useSignOutDevice } from '../api/sessions';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'New Zealand' for 'NZ' ('GB' is the United Kingdom); null when the country is not known. */
function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** 'Monday 23 November 2026, 2:00 pm': the day and the time in the account's country (its zone). */
export function dayAndTime(iso: string, country: CountryCode): string {
  const instant = new Date(iso);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: COUNTRIES[country].timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(instant);
  return `${formatLongDate(todayInCountry(country, instant))}, ${time}`;
}

/**
 * Signed-in devices (docs/decisions/130): one row per sign-in with its browser, system and the
 * country its IP was in, and when it signed in and was last used (day and time in the account's
 * country); each can be signed out, its button named for the device (docs/decisions/157), or every one but this.
 */
export function SessionsSection({ country }: { country: CountryCode }) {
  const sessions = useSessions();
  const signOut = useSignOutDevice();
  const when = (iso: string) => dayAndTime(iso, country);
  const others = sessions.data?.sessions.filter((s) => !s.current) ?? [];
  const describe = (s: AccountSession) => `${s.browser} on ${s.system}`;
  return (
    <section id="devices" className="card account-section" aria-labelledby="devices-title">
      <h2 id="devices-title">Signed-in devices</h2>
      <p>Each place you are signed in. If you do not recognise one, sign it out and change your password.</p>
      {sessions.isPending && <p role="status">Loading your devices…</p>}
      {sessions.isError && <Alert>We could not load your devices just now. Please try again.</Alert>}
      {sessions.data && (
        <ul className="account-devices">
          {sessions.data.sessions.map((s) => {
            const place = countryName(s.country);
            return (
              <li key={s.id} aria-label={describe(s)}>
                <strong>{describe(s)}</strong>
                {s.current && <span className="account-badge"> This device</span>}
                <span className="account-muted">
                  {place ? `${place} · ` : ''}Signed in {when(s.signed_in_at)} · Last used {when(s.last_used_at)}
                </span>
                {!s.current && (
                  <button
                    type="button"
                    className="button secondary"
                    // The visible words start the name (WCAG 2.5.3), which then says which device it is.
                    aria-label={`Sign out ${describe(s)}, last used ${when(s.last_used_at)}`}
                    disabled={signOut.isPending}
                    onClick={() => signOut.mutate(s.id)}
                  >
                    Sign out
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {others.length > 0 && (
        <div className="account-actions">
          <button type="button" className="button" disabled={signOut.isPending} onClick={() => signOut.mutate('others')}>
            Sign out everywhere else
          </button>
        </div>
      )}
      {signOut.isError && <Alert>{signOut.error.message}</Alert>}
      {signOut.isSuccess && (
        <p role="status" className="account-muted">
          {signOut.data.message}
        </p>
      )}
    </section>
  );
}
