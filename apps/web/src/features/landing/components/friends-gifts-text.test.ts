// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { friendsGiftsRoom, friendsGiftsText } from './friends-gifts-text';
import { asMinor } from '@uplift/core/money';

// The room the hero holds for the friends' figure (docs/decisions/170) is the figure's longest
// wording, written in the stylesheet: it must stay the wording the figure uses.

describe('the friends’ figure and its room', () => {
  it('words the figure', () => {
    expect(friendsGiftsText(asMinor(4000), 3, 'NZ')).toBe('Friends have also given $40.00 on participants’ challenge pages (3 gifts).');
    expect(friendsGiftsText(asMinor(1250), 1, 'UK')).toBe('Friends have also given £12.50 on participants’ challenge pages (1 gift).');
  });

  it('holds, in landing.css, the room of the longest figure in NZ wording', () => {
    const css = readFileSync(path.join(import.meta.dirname, '../landing.css'), 'utf8');
    const content = /#friends-gifts::before\s*\{[^}]*content:\s*'([^']*)'/.exec(css)?.[1];
    expect(content).toBe(friendsGiftsRoom('NZ'));
    // The UK's pound sign is no wider a string than the dollar sign.
    expect(friendsGiftsRoom('UK').length).toBeLessThanOrEqual(content!.length);
  });
});
