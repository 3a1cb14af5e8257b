import { geoMercator, geoPath } from 'd3-geo';
import type { CountryCode } from '@uplift/core/countries';
import { placeName } from '../components/place-name';
import { COUNTRY_CONTENT } from '@uplift/core/country-content';
import outlinesJson from './outlines.json';
import type { Outlines } from './extract-outlines';

const outlines = outlinesJson as unknown as Outlines;
const WIDTH = 400;
const HEIGHT = 480;
const PAD = 16;

/**
 * The country drawn with d3-geo from Natural Earth outlines (world-atlas), with a numbered pin
 * per example pledge. Loaded on demand: this file and its data are a separate chunk.
 */
export default function MapSvg({ country }: { country: CountryCode }) {
  const shape = outlines[country];
  const projection = geoMercator().fitExtent(
    [
      [PAD, PAD],
      [WIDTH - PAD, HEIGHT - PAD],
    ],
    shape,
  );
  const path = geoPath(projection);
  const pledges = COUNTRY_CONTENT[country].examplePledges;
  return (
    <svg
      className="map-svg"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Map of ${placeName(country)} marking ${pledges.length} example pledges: ${pledges.map((p) => p.place).join(', ')}`}
      data-country={country}
    >
      {country === 'UK' && <path className="map-neighbour" d={path(outlines.IE) ?? undefined} />}
      <path className="map-land" d={path(shape) ?? undefined} />
      {pledges.map((pledge, i) => {
        const point = projection(pledge.lonLat);
        if (!point) return null;
        return (
          <g key={pledge.place} className="map-pin" transform={`translate(${point[0].toFixed(1)} ${point[1].toFixed(1)})`}>
            <circle r="11" />
            <text textAnchor="middle" dy="4">
              {i + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
