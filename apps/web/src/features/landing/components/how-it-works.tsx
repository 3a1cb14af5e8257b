import { BRAND } from '@uplift/core/brand';

const STEPS = [
  {
    title: 'Give Up',
    icon: 'give-up',
    text: 'Pick one everyday spend to go without for a month: your café coffee, food deliveries, bought lunches, the gym, a streaming service or the drive to work.',
  },
  {
    title: 'Free Up',
    icon: 'free-up',
    text: 'Work out what that habit usually costs you. Our calculator does the sums for the weeks left in the challenge, so you know exactly what you are freeing up.',
  },
  {
    title: BRAND.product,
    icon: 'uplift',
    text: 'Pledge what you save to a partner charity. It is paid in four weekly card payments, and you can stop the remaining payments at any time.',
  },
] as const;

export function HowItWorks() {
  return (
    <section className="landing-section how" aria-labelledby="how-title">
      <h2 id="how-title">How it works</h2>
      <ol className="how-steps">
        {STEPS.map((step, i) => (
          <li key={step.title} className="how-step">
            <span className="how-number" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
