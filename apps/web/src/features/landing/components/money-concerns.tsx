import type { CountryCode } from '@uplift/core/countries';
import { FEE_TEXT } from '@uplift/core/fees';

/** 'Concerned about money?' (product-rules §2): the four boxes, with the country's card fees (product-rules §9). */
export function MoneyConcerns({ country }: { country: CountryCode }) {
  const boxes = [
    {
      title: 'Secure',
      text: 'Card payments are handled by our payment provider, a certified PCI DSS Level 1 processor. Your card number never touches our servers and we never store it.',
    },
    {
      title: 'Weekly Payments',
      text: 'Your pledge is split into four weekly payments, one week apart from the campaign’s billing start date, so you give as you save rather than all at once.',
    },
    {
      title: 'Control',
      text: 'Changed your mind or your circumstances? Cancel your remaining payments at any time from View my Pledge. Payments already made stay with the charity.',
    },
    {
      title: 'Fees',
      text: `Our card provider charges ${FEE_TEXT[country]}. We show it before you pledge and it is never added to your pledge without you knowing: you pay exactly the amount you pledge.`,
    },
  ];
  return (
    <section className="landing-section money" aria-labelledby="money-title">
      <h2 id="money-title">Concerned about money?</h2>
      <ul className="money-boxes">
        {boxes.map((box) => (
          <li key={box.title} className="money-box">
            <h3>{box.title}</h3>
            <p>{box.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
