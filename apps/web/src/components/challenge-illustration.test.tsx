import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChallengeIllustration, ILLUSTRATED } from './challenge-illustration';

const PUBLIC = path.resolve(import.meta.dirname, '../../public');

describe('challenge illustrations', () => {
  it('exist for each of the six challenge icons, drawn in the file itself: no outside image, script or font', () => {
    const icons = ['coffee', 'takeaway', 'lunch', 'gym', 'streaming', 'commute'];
    expect([...ILLUSTRATED].sort()).toEqual(icons.sort());
    for (const name of ILLUSTRATED) {
      const svg = readFileSync(path.join(PUBLIC, 'illustrations', `${name}.svg`), 'utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 240 180"/);
      expect(svg).not.toMatch(/<image|href=|<script|@import|url\(/);
      expect(svg.length).toBeLessThan(1500); // small enough to cost nothing on a phone
    }
  });

  it('is decorative, sized 4:3, and absent for an icon without a drawing', () => {
    const { container, rerender } = render(<ChallengeIllustration name="gym" width={200} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/illustrations/gym.svg');
    expect(img.getAttribute('alt')).toBe('');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['200', '150']);
    rerender(<ChallengeIllustration name="../admin" />);
    expect(container.querySelector('img')).toBeNull();
  });
});
