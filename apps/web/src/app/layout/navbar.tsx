import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BRAND } from '@uplift/core/brand';
import { navbarCampaignLabel } from '@uplift/core/campaign-name';
import { COUNTRIES, COUNTRY_CODES } from '@uplift/core/countries';
import { CAMPAIGN_COMING_SOON } from '@uplift/core/public-messages';
import { forgetCountry, useCountry } from '../../lib/country';
import { logOut as revokeSession } from '../../lib/log-out';
import { paths } from '../../lib/paths';
import { useClosestCampaign } from '../../lib/queries/campaigns';
import { clearAfterSignOut } from '../../lib/queries/clear-after-sign-out';
import { clearSession, useSession } from '../../lib/session';
import './layout.css';

/**
 * product-rules §2 "Navbar": About, Contact, View my Pledge, Admin (admins only); then Log Out for a
 * signed-in user, otherwise (except on /challenge) the campaign link or 'Campaign Coming Soon!';
 * the NZ/UK selector on the home page; a menu toggle on narrow screens; back-to-top.
 */
export function Navbar() {
  const session = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { country, setCountry } = useCountry();
  const campaign = useClosestCampaign(country);
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const signedIn = session.status === 'authenticated';
  const isAdmin = signedIn && session.isAdmin;
  const onHome = pathname === paths.home;
  const close = () => setOpen(false);

  async function logOut() {
    setLoggingOut(true);
    await revokeSession(); // best effort: signed out here regardless
    clearSession();
    try {
      localStorage.clear(); // product-rules §4: logout clears local storage
    } catch {
      // storage disabled: nothing was kept
    }
    forgetCountry();
    clearAfterSignOut(queryClient);
    setLoggingOut(false);
    close();
    navigate(paths.home);
  }

  let campaignEntry = null;
  if (!signedIn && pathname !== paths.challenge) {
    // A campaign that is loading or failed to load is not shown as active (product-rules §4).
    const active = campaign.data;
    campaignEntry = active ? (
      <Link to={paths.challenge} className="button nav-campaign" onClick={close}>
        {navbarCampaignLabel(active.campaign_name)}
      </Link>
    ) : campaign.isPending ? null : (
      <span className="nav-coming-soon">{CAMPAIGN_COMING_SOON}</span>
    );
  }

  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label="Main">
        <Link to={paths.home} className="brand" onClick={close}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{BRAND.product}</span>
        </Link>
        <button type="button" className="menu-toggle" aria-expanded={open} aria-controls="main-menu" onClick={() => setOpen((v) => !v)}>
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        </button>
        <ul id="main-menu" className={open ? 'menu open' : 'menu'}>
          <li>
            <NavLink to={paths.about} onClick={close}>
              About
            </NavLink>
          </li>
          <li>
            <a href="#contact" onClick={close}>
              Contact
            </a>
          </li>
          <li>
            <NavLink to={paths.viewPledge} onClick={close}>
              View my Pledge
            </NavLink>
          </li>
          {signedIn && (
            <li>
              <NavLink to={paths.account} onClick={close}>
                My account
              </NavLink>
            </li>
          )}
          {isAdmin && (
            <li>
              <NavLink to={paths.admin} onClick={close}>
                Admin
              </NavLink>
            </li>
          )}
          {signedIn ? (
            <li>
              <button type="button" className="button secondary nav-logout" onClick={() => void logOut()} disabled={loggingOut}>
                Log Out
              </button>
            </li>
          ) : (
            campaignEntry && <li>{campaignEntry}</li>
          )}
          {onHome && (
            <li>
              <div className="country-select" role="group" aria-label="Country">
                {COUNTRY_CODES.map((code) => (
                  <button
                    key={code}
                    type="button"
                    aria-pressed={country === code}
                    title={COUNTRIES[code].name}
                    onClick={() => {
                      setCountry(code);
                      close();
                    }}
                  >
                    {code}
                    <span className="visually-hidden"> ({COUNTRIES[code].name})</span>
                  </button>
                ))}
              </div>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
