import { BRAND } from '@uplift/core/brand';
import type { CountryCode } from '@uplift/core/countries';
import type { PublicTestimonial } from '@uplift/core/schemas/testimonials';
import { useTestimonials } from '../api/get-testimonials';

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

/** The reasons, and what people in the page's own country said, when an admin has entered some. */
export function WhyUplift({ country }: { country: CountryCode }) {
  const testimonials = useTestimonials(country);
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
      {/* No made-up words: only testimonials entered with the person's consent, and no section without any (docs/decisions/167). */}
      {testimonials.data && testimonials.data.length > 0 && <Testimonials items={testimonials.data} />}
    </section>
  );
}

/** Their words as pull quotes on a deep full-width band (docs/decisions/163). */
export function Testimonials({ items }: { items: readonly PublicTestimonial[] }) {
  return (
    <div className="quote-band" data-testid="testimonials">
      <h3 className="stories-title">From people who took part</h3>
      <ul className="stories">
        {items.map((t) => (
          <li key={t.id}>
            <figure>
              <blockquote>
                <p>“{t.quote}”</p>
              </blockquote>
              <figcaption>{t.name}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}
