import { useRef, type KeyboardEvent } from 'react';

/**
 * One tab stop for a group of choice buttons (campaigns, challenges, charities): Tab reaches the
 * chosen one (or the first), the arrow keys, Home and End move between them, and Space or Enter
 * chooses, as in a toolbar. Focus stays on the button that was pressed, so its ring stays in view
 * (docs/decisions/124).
 */
export function useRovingChoice(count: number, selectedIndex: number) {
  const buttons = useRef<(HTMLElement | null)[]>([]);
  const current = selectedIndex >= 0 && selectedIndex < count ? selectedIndex : 0;

  function move(from: number, event: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: from + 1,
      ArrowDown: from + 1,
      ArrowLeft: from - 1,
      ArrowUp: from - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined || count === 0) return;
    event.preventDefault();
    const to = (target + count) % count;
    const button = buttons.current[to];
    if (!button) return;
    // The stop follows focus, so Tab back into the group returns to where the donor was.
    buttons.current.forEach((b, i) => b?.setAttribute('tabindex', i === to ? '0' : '-1'));
    button.focus();
  }

  return (index: number) => ({
    ref: (el: HTMLElement | null) => {
      buttons.current[index] = el;
    },
    tabIndex: index === current ? 0 : -1,
    onKeyDown: (event: KeyboardEvent) => move(index, event),
  });
}
