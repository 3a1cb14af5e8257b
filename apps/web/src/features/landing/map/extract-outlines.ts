import { geoArea } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The outlines the impact map draws: NZ, UK, and Ireland as the UK map's neighbour. */
export type Outlines = Record<'NZ' | 'UK' | 'IE', Feature<MultiPolygon>>;

/** ISO 3166-1 numeric ids in world-atlas, and the longitudes worth drawing for each. */
const COUNTRIES = {
  // Main islands and Stewart Island; the Chatham and subantarctic islands would stretch the map.
  NZ: { id: '554', lon: [165, 179], lat: [-48, -34] },
  UK: { id: '826', lon: [-11, 3], lat: [49, 61] },
  IE: { id: '372', lon: [-11, -5], lat: [51, 56] },
} as const;

const round = ([lon, lat]: Position): Position => [Math.round(lon! * 100) / 100, Math.round(lat! * 100) / 100];

function simplifyRing(ring: Position[]): Position[] {
  const out: Position[] = [];
  for (const p of ring.map(round)) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

/**
 * Picks the countries out of world-atlas's 50m TopoJSON, keeps only the islands worth showing
 * and rounds coordinates to 0.01° (about a kilometre: finer than a pixel at the map's size).
 * d3-geo reads a ring's winding to tell inside from outside; rounding can flip a tiny ring, so
 * any polygon that would cover more than half the globe is turned back the right way.
 */
export function extractOutlines(topology: Topology<{ countries: GeometryCollection }>): Outlines {
  const all = feature(topology, topology.objects.countries);
  const result = {} as Outlines;
  for (const [code, { id, lon, lat }] of Object.entries(COUNTRIES) as [keyof Outlines, (typeof COUNTRIES)[keyof Outlines]][]) {
    const found = all.features.find((f) => String(f.id) === id);
    if (!found || !found.geometry) throw new Error(`world-atlas has no country ${id}`);
    const geometry = found.geometry as Polygon | MultiPolygon;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    const kept = polygons
      .filter((polygon) => polygon[0]!.every(([x, y]) => x! >= lon[0] && x! <= lon[1] && y! >= lat[0] && y! <= lat[1]))
      .map((polygon) => polygon.map(simplifyRing).filter((ring) => ring.length >= 4))
      .filter((polygon) => polygon.length > 0)
      .map((polygon) => {
        const area = geoArea({ type: 'Polygon', coordinates: polygon });
        return area > 2 * Math.PI ? polygon.map((ring) => [...ring].reverse()) : polygon;
      });
    result[code] = { type: 'Feature', id, properties: { name: code }, geometry: { type: 'MultiPolygon', coordinates: kept } };
  }
  return result;
}
