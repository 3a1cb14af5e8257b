import { useEffect, useState } from 'react';

/** product-rules §9: the back-to-top button appears once the page has scrolled more than 300 px. */
export const BACK_TO_TOP_AFTER_PX = 300;

export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;

  function toTop() {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    // Keyboard users continue from the top of the page, not from the vanished button.
    document.getElementById('main')?.focus({ preventScroll: true });
  }

  return (
    <button type="button" className="back-to-top" onClick={toTop}>
      <span aria-hidden="true">↑</span> Back to top
    </button>
  );
}
