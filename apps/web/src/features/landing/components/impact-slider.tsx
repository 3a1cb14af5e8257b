import { useId, useState } from 'react';
import { pledgeTotalMinor } from '@uplift/core/calculator';
import { PAYMENTS_PER_PLEDGE } from '@uplift/core/calendar';
import type { CountryCode } from '@uplift/core/countries';
import { impactCountAt, impactRateSentence, impactUnitFor } from '@uplift/core/impact';
import { formatMoney, toMinor, type Minor } from '@uplift/core/money';
import type { Recipient } from '@uplift/core/schemas/recipient';
import { CharityPhoto, CharityStory } from './charity-story';

const MIN_WEEKLY = 5;
const MAX_WEEKLY = 100;
const STEP = 5;

/**
 * The charity impact slider: pick a weekly amount and see what four weeks of it does at each of
 * the country's partner charities, using the same impact rule as the wizard and the summary. The
 * sentence under each number comes from the same figures (core's impactRateSentence).
 */
export function ImpactSlider({ country, recipients }: { country: CountryCode; recipients: Recipient[] }) {
  const [weekly, setWeekly] = useState(20);
  const id = useId();
  const weeklyMinor = toMinor(weekly);
  // Four weeks of it: a weekly pledge of one such amount.
  const totalMinor = pledgeTotalMinor({ numberOfUnits: 1, costPerUnitMinor: weeklyMinor, period: 'weekly', remainingWeeks: PAYMENTS_PER_PLEDGE });
  const money = (minor: Minor) => formatMoney(minor, country);

  return (
    <div className="impact">
      <div className="impact-control">
        <label htmlFor={`${id}-weekly`}>
          If I free up <strong>{money(weeklyMinor)}</strong> a week
        </label>
        <input
          id={`${id}-weekly`}
          type="range"
          min={MIN_WEEKLY}
          max={MAX_WEEKLY}
          step={STEP}
          value={weekly}
          aria-valuetext={`${money(weeklyMinor)} a week`}
          onChange={(e) => setWeekly(Number(e.target.value))}
        />
        <p className="impact-total" aria-live="polite">
          That’s <strong>{money(totalMinor)}</strong> over four weeks. It could give:
        </p>
      </div>
      <ul className="impact-cards">
        {recipients.map((r) => {
          const count = impactCountAt(totalMinor, r);
          return (
            <li key={r.id} className={`impact-card${r.photo ? ' has-photo' : ''}`}>
              {r.photo && <CharityPhoto photo={r.photo} className="impact-photo" />}
              <img src={r.logo} alt="" width={64} height={64} />
              <div>
                <h3>{r.recipient_name}</h3>
                <p className="impact-count">
                  <strong>{count}</strong> {impactUnitFor(count, r)}
                </p>
                <p className="muted">{impactRateSentence(r, country)}.</p>
                <p>{r.description}</p>
                {r.story && (
                  <details className="impact-story">
                    <summary>
                      Their story<span className="visually-hidden">: {r.recipient_name}</span>
                    </summary>
                    <CharityStory story={r.story} />
                  </details>
                )}
                <a href={r.link} target="_blank" rel="noopener noreferrer">
                  More about {r.recipient_name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
