import { Link } from 'react-router';
import { BRAND, copyrightText } from '@uplift/core/brand';

export function Footer() {
  return (
    <footer className="footer" id="contact">
      <div className="footer-inner">
        <p>{copyrightText(new Date().getFullYear())}</p>
        <ul className="footer-links">
          <li>
            <Link to="/privacy-policy">Privacy policy</Link>
          </li>
          <li>
            <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>
          </li>
          {BRAND.social.map((s) => (
            <li key={s.name}>
              <a href={s.url} rel="noopener noreferrer" target="_blank">
                {s.name}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
