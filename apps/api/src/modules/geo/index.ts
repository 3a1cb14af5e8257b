// The geo module's public face: what other modules, app.ts, jobs and the CLI may use (docs/architecture.md).
export { default as geoRoutes } from './geo.routes.ts';
export { CDN_COUNTRY_HEADERS, guessCountry, ipCountry } from './geo.ts';
