import { matchPath } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * The admin's screens (docs/decisions/158-admin-with-room.md): the router sends each to the admin
 * area (routes/admin-area.tsx) and the layout gives them the whole width. A new admin screen is one
 * line here, one in the area's screen list and one in the admin's side navigation.
 */
export const ADMIN_PATHS: readonly string[] = [
  paths.admin,
  paths.adminCampaign,
  paths.userList,
  paths.adminCharities,
  paths.adminChallenges,
  paths.adminCampaignReport,
  paths.adminCampaignMatches,
  paths.adminSystem,
  paths.adminReports,
  paths.adminTestimonials,
];

/** True on an admin screen: the layout is full width there, and the footer's columns follow. */
export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATHS.some((path) => matchPath(path, pathname) !== null);
}
