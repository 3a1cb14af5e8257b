import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import type { PageUpdate } from '@uplift/core/schemas/challenge-pages';

/** The day an update was posted, in the page country's time zone: '7 Dec' (Intl: no date code in /p's first load). */
export const postedOn = (createdAt: string, country: CountryCode) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: COUNTRIES[country].timeZone, day: 'numeric', month: 'short' }).format(new Date(createdAt));

/** The owner's updates on /p/{slug}, newest first (docs/decisions/166): plain text, a photo if any. */
export function PageUpdates({ updates, country }: { updates: PageUpdate[]; country: CountryCode }) {
  if (updates.length === 0) return null;
  return (
    <section aria-labelledby="cp-updates-title">
      <h2 id="cp-updates-title">Updates</h2>
      <ol className="cp-updates">
        {updates.map((u) => (
          <li key={u.id}>
            <p className="cp-muted cp-update-date">
              <time dateTime={u.created_at}>{postedOn(u.created_at, country)}</time>
              {/* Its Report button's place, filled once the page has started (report-button.tsx). */}
              <span data-update={u.id} />
            </p>
            {/* Plain text, shown as text. */}
            <p className="cp-story">{u.body}</p>
            {u.photo_url && <img className="cp-update-photo" src={u.photo_url} alt="" width={600} height={400} loading="lazy" decoding="async" />}
          </li>
        ))}
      </ol>
    </section>
  );
}
