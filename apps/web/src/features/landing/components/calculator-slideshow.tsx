import { useCallback, useEffect, useMemo, useState } from 'react';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import type { CountryCode } from '@uplift/core/countries';
import { calculatorExamples } from './calculator-examples';
import { ChallengeIcon } from './challenge-icon';
import { useReducedMotion } from './use-reduced-motion';

/** product-rules §9: the slideshow moves on every 4.2 seconds. */
export const SLIDE_DELAY_MS = 4200;

/**
 * The calculator examples as a carousel (WAI-ARIA carousel pattern): it plays on its own unless
 * the visitor prefers reduced motion, stops for good once they pause it or move it themselves,
 * and every control is a real button reachable by keyboard.
 */
export function CalculatorSlideshow({ country }: { country: CountryCode }) {
  const examples = useMemo(() => calculatorExamples(country), [country]);
  const reducedMotion = useReducedMotion();
  const plugins = useMemo(
    () => [Autoplay({ delay: SLIDE_DELAY_MS, playOnInit: !reducedMotion, stopOnInteraction: true, stopOnMouseEnter: false, stopOnFocusIn: false })],
    [reducedMotion],
  );
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, duration: reducedMotion ? 1 : 25 }, plugins);
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(!reducedMotion);

  useEffect(() => {
    if (!emblaApi) return;
    // The carousel starts on the first slide, playing unless reduced motion is asked for, as the
    // initial state says; from then on its own events keep the state in step.
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    const onReInit = () => {
      onSelect();
      setPlaying(emblaApi.plugins().autoplay?.isPlaying() ?? false);
    };
    emblaApi.on('select', onSelect).on('reInit', onReInit).on('autoplay:play', onPlay).on('autoplay:stop', onStop);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onReInit).off('autoplay:play', onPlay).off('autoplay:stop', onStop);
    };
  }, [emblaApi]);

  const togglePlay = useCallback(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    if (autoplay.isPlaying()) autoplay.stop();
    else autoplay.play();
  }, [emblaApi]);

  // Moving the slides by hand stops the autoplay for good (the visitor has taken over).
  const goTo = useCallback(
    (index: number) => {
      emblaApi?.plugins().autoplay?.stop();
      emblaApi?.scrollTo(index);
    },
    [emblaApi],
  );

  return (
    <section className="slideshow" aria-roledescription="carousel" aria-labelledby="slideshow-title">
      <h3 id="slideshow-title">What could you free up?</h3>
      <div className="slideshow-controls">
        <button type="button" className="button secondary small" onClick={togglePlay} aria-pressed={!playing} data-playing={playing}>
          {playing ? 'Pause slideshow' : 'Play slideshow'}
        </button>
        <button type="button" className="icon-button" onClick={() => goTo((selected - 1 + examples.length) % examples.length)} aria-label="Previous example">
          ‹
        </button>
        <button type="button" className="icon-button" onClick={() => goTo((selected + 1) % examples.length)} aria-label="Next example">
          ›
        </button>
      </div>
      <div className="slideshow-viewport" ref={emblaRef}>
        {/* Announce changes only when the visitor moves the slides, not on every autoplay tick. */}
        <div className="slideshow-container" aria-live={playing ? 'off' : 'polite'}>
          {examples.map((example, i) => (
            <div
              key={example.title}
              className="slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${examples.length}: ${example.title}`}
              aria-hidden={i !== selected}
              data-selected={i === selected}
            >
              <ChallengeIcon name={example.icon} size={56} />
              <div>
                <h4>{example.title}</h4>
                <p>{example.habit}</p>
                <p className="muted">{example.working}</p>
                <p className="slide-total">
                  = <strong>{example.total}</strong> for your charity
                </p>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="slideshow-dots">
        {examples.map((example, i) => (
          <button
            key={example.title}
            type="button"
            className="dot"
            aria-label={`Example ${i + 1}: ${example.title}`}
            aria-current={i === selected ? 'true' : undefined}
            onClick={() => goTo(i)}
          />
        ))}
      </div>
    </section>
  );
}
