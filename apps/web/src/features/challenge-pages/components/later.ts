// What /p/{slug} and /t/{slug} load once they have started (docs/decisions/165). This module is
// itself loaded lazily: the list of files each of these needs (Vite's preload map, some twenty
// names for the gift form) then comes with it, not in the page's first load (its 100 KB budget).
export const loadGiftForm = () => import('../gift-form/gift-form');
export const loadReportButton = () => import('../report/report-button');
