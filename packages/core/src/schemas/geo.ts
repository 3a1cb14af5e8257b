import { z } from 'zod';
import { countryCodeSchema } from './common.ts';

/** What a country guess rests on; 'none' tells the browser to try its own time zone instead. */
export const GEO_SOURCES = ['cdn', 'language', 'none'] as const;

/** GET /api/geo: the visitor's likely country, from headers the request already carries. */
export const geoResponseSchema = z.object({ country: countryCodeSchema, source: z.enum(GEO_SOURCES) });
export type GeoResponse = z.infer<typeof geoResponseSchema>;
