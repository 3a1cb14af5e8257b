import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { BRAND } from '@uplift/core/brand';
import { useSession } from '../../lib/session';

export function Navbar() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const isAdmin = session.status === 'authenticated' && session.isAdmin;
  return (
    <header className="navbar">
      <nav className="navbar-inner" aria-label="Main">
        <Link to="/" className="brand" onClick={() => setOpen(false)}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{BRAND.product}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((v) => !v)}
        >
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true">☰</span>
        </button>
        <ul id="main-menu" className={open ? 'menu open' : 'menu'} onClick={() => setOpen(false)}>
          <li>
            <NavLink to="/about">About</NavLink>
          </li>
          <li>
            <a href="#contact">Contact</a>
          </li>
          <li>
            <NavLink to="/viewPledge">View my Pledge</NavLink>
          </li>
          {isAdmin && (
            <li>
              <NavLink to="/admin">Admin</NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
