import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ADMIN_SCREENS, currentness } from './admin-screens';

/**
 * The admin's side navigation (docs/decisions/158-admin-with-room.md): every admin screen, the one
 * shown marked aria-current. On a narrow screen it folds into a disclosure above the page, its
 * button saying where the admin is.
 */
export function AdminNav() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const here = ADMIN_SCREENS.find((s) => currentness(s, pathname) !== undefined);

  return (
    <nav className="admin-nav" aria-label="Admin">
      <div className="admin-nav-inner">
        <p className="admin-nav-title" aria-hidden="true">
          Admin
        </p>
        <button type="button" className="admin-nav-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
          <span>Admin menu</span>
          {here && (
            <>
              {' '}
              <span aria-hidden="true" className="admin-nav-dot">
                ·
              </span>{' '}
              <span className="admin-nav-here">{here.label}</span>
            </>
          )}
          <span aria-hidden="true" className="admin-nav-mark">
            {open ? '▲' : '▼'}
          </span>
        </button>
        <ul id={listId} className={open ? 'admin-nav-list open' : 'admin-nav-list'}>
          {ADMIN_SCREENS.map((screen) => (
            <li key={screen.path}>
              <Link to={screen.path} className="admin-nav-link" aria-current={currentness(screen, pathname)} onClick={() => setOpen(false)}>
                {screen.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
