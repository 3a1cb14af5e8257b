import { paths } from '../../../lib/paths';

/** One entry of the admin's navigation: where it goes, its name, and a line on what it is for. */
export type AdminScreen = {
  path: string;
  label: string;
  about: string;
  /** Deeper pages that belong to this entry (a campaign's report belongs to Campaigns). */
  within?: RegExp;
};

/**
 * The admin's screens, in the order of the side navigation and the overview (product-rules §2
 * "/admin"; decisions 053, 133, docs/decisions/141-moderation.md, 158-admin-with-room.md). A new
 * screen is one more line here.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: paths.admin, label: 'Overview', about: 'Donor exports for charities, news for donors, and what admins did.' },
  { path: paths.userList, label: 'Users', about: 'Everyone registered, searchable and sortable; their payments and refunds.' },
  { path: paths.adminCampaign, label: 'Campaigns', about: 'Add, edit, delete and deactivate campaigns; each campaign’s report.', within: /^\/admin-campaign\/[^/]+\/report$/ },
  { path: paths.adminChallenges, label: 'Challenges', about: 'Add, edit and disable challenges, and choose what each campaign offers.' },
  { path: paths.adminCharities, label: 'Charities', about: 'Add, edit and disable partner charities, their logos and photos.' },
  { path: paths.adminReports, label: 'Reports', about: 'What people reported on challenge pages and teams: hide it or dismiss the report.' },
  { path: paths.adminTestimonials, label: 'Testimonials', about: 'What people who took part said, for their country’s landing: only with their consent to be quoted.' },
  { path: paths.adminSystem, label: 'System', about: 'Billing runs, the job queue, mail, backups, the database and the version.' },
];

/** How an entry stands to the page at `pathname`: the page itself, a page within it, or neither. */
export function currentness(screen: AdminScreen, pathname: string): 'page' | 'true' | undefined {
  if (pathname === screen.path) return 'page';
  return screen.within?.test(pathname) ? 'true' : undefined;
}
