import { useEffect, useState, type MouseEvent } from 'react';

/**
 * The Give button of /p/{slug} and /t/{slug} (docs/decisions/165): in the first viewport at 360 px
 * and kept at the bottom of the window while the gift section (`targetId`) is out of view; hidden
 * while the section is in view. A link to the section, so before the app has started it still
 * jumps there; once started, it scrolls to the section and puts focus on the gift form's first
 * control (the first amount chip; on a team, whose challenge to back), or on the section while the
 * form is still loading.
 */
export default function StickyGive({ targetId, label }: { targetId: string; label: string }) {
  const [formInView, setFormInView] = useState(false);

  useEffect(() => {
    const target = document.getElementById(targetId);
    // Every browser served has IntersectionObserver; a test's jsdom may not.
    if (!target || typeof IntersectionObserver != 'function') return;
    const observer = new IntersectionObserver((entries) => setFormInView(entries[entries.length - 1]!.isIntersecting));
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);

  function give(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'start' });
    const first = target.querySelector<HTMLElement>('select, input, textarea, button');
    (first ?? target).focus({ preventScroll: true });
  }

  return (
    <div className="cp-sticky-give" hidden={formInView}>
      <a className="button cp-sticky-give-button" href={`#${targetId}`} onClick={give}>
        {label}
      </a>
    </div>
  );
}
