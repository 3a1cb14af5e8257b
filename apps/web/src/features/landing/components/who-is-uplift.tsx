import { Link } from 'react-router';
import { BRAND } from '@uplift/core/brand';
import { paths } from '../../../lib/paths';

export function WhoIsUplift() {
  return (
    <section className="landing-section who" aria-labelledby="who-title">
      <h2 id="who-title">Who is {BRAND.product}?</h2>
      <p>
        {BRAND.product} is run by the {BRAND.operator}, a registered charitable trust based in {BRAND.country}. We are a small
        team of volunteers and staff who believe that generosity grows when it is easy, shared and fun.
      </p>
      <p>
        We choose partner charities that can show what a donation does, we pass on every pledge, and we publish what each
        challenge raises. We do not sell or share your details for marketing.
      </p>
      <p>
        <Link to={paths.about}>Read our story and meet the team</Link>
      </p>
    </section>
  );
}
