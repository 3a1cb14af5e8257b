import { Link } from 'react-router';
import { BRAND, copyrightText } from '@uplift/core/brand';
import { paths } from '../../lib/paths';
import './layout.css';

/** product-rules §1 "Footer": copyright, privacy link, contact email and social links; the navbar's Contact lands here. */
export function Footer() {
  return (
    <footer className="footer" id="contact">
      <div className="footer-inner">
        <div className="footer-brand">
          <p>
            <strong>{BRAND.product}</strong>
          </p>
          <p className="footer-tagline">{BRAND.tagline}</p>
        </div>
        <div className="footer-columns">
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">Contact us</h2>
            <ul className="footer-links">
              <li>
                <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>
              </li>
              <li>
                <Link to={paths.about}>About us</Link>
              </li>
              <li>
                <Link to={paths.privacyPolicy}>Privacy policy</Link>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-social">
            <h2 id="footer-social">Follow us</h2>
            <ul className="footer-links">
              {BRAND.social.map((s) => (
                <li key={s.name}>
                  <a href={s.url} rel="noopener noreferrer" target="_blank">
                    {s.name}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
      <div className="footer-bottom">
        <p>
          {copyrightText(new Date().getFullYear())}, a registered charitable trust in {BRAND.country}.
        </p>
      </div>
    </footer>
  );
}
