import { BRAND } from '@uplift/core/brand';
import type { CountryCode } from '@uplift/core/countries';
import { COUNTRY_CONTENT } from '@uplift/core/country-content';

const REASONS = [
  {
    title: 'Small change, real difference',
    text: 'You keep your routine, minus one habit. What you free up in a month funds counselling hours, meals and food parcels that charities can plan around.',
  },
  {
    title: 'Paid as you save',
    text: 'Your pledge is split into four weekly payments, so you give as you go rather than in one lump sum.',
  },
  {
    title: 'Done together',
    text: 'Thousands of small pledges make a big total. Watch it grow live on this page and share your challenge with friends.',
  },
];

/** The reasons, and stories from participants in the page's own country. */
export function WhyUplift({ country }: { country: CountryCode }) {
  return (
    <section className="landing-section why" aria-labelledby="why-title">
      <h2 id="why-title">So, why {BRAND.product}?</h2>
      <ul className="why-reasons">
        {REASONS.map((r) => (
          <li key={r.title}>
            <h3>{r.title}</h3>
            <p>{r.text}</p>
          </li>
        ))}
      </ul>
      {/* Their words as pull quotes on a deep full-width band (docs/decisions/163). */}
      <div className="quote-band">
        <h3 className="stories-title">From people who took part</h3>
        <ul className="stories">
          {COUNTRY_CONTENT[country].stories.map((s) => (
            <li key={s.name}>
              <figure>
                <blockquote>
                  <p>“{s.quote}”</p>
                </blockquote>
                <figcaption>
                  {s.name}, {s.place}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
