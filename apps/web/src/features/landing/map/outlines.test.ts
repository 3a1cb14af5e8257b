import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { geoArea } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import { extractOutlines } from './extract-outlines';

// outlines.json is derived from the world-atlas package (Natural Earth 1:50m); this test proves
// it still is. After upgrading world-atlas, regenerate it with:
//   UPDATE_OUTLINES=1 npx vitest run apps/web/src/features/landing/map/outlines.test.ts
const here = path.dirname(new URL(import.meta.url).pathname);
const outlinesFile = path.join(here, 'outlines.json');
const atlasFile = path.resolve(here, '../../../../../../node_modules/world-atlas/countries-50m.json');

describe('impact map outlines', () => {
  const generated = extractOutlines(JSON.parse(readFileSync(atlasFile, 'utf8')));
  if (process.env.UPDATE_OUTLINES) writeFileSync(outlinesFile, `${JSON.stringify(generated)}\n`);

  it('are exactly what world-atlas gives', () => {
    expect(JSON.parse(readFileSync(outlinesFile, 'utf8'))).toEqual(generated);
  });

  it('cover plausible areas (no ring wound inside out)', () => {
    const steradiansToKm2 = 6371 ** 2;
    const km2 = (code: 'NZ' | 'UK' | 'IE') => geoArea(generated[code]) * steradiansToKm2;
    expect(km2('NZ')).toBeGreaterThan(250_000);
    expect(km2('NZ')).toBeLessThan(290_000);
    expect(km2('UK')).toBeGreaterThan(220_000);
    expect(km2('UK')).toBeLessThan(260_000);
    expect(km2('IE')).toBeGreaterThan(60_000);
    expect(km2('IE')).toBeLessThan(80_000);
  });
});
