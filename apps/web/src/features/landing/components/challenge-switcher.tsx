import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Challenge } from '@uplift/core/schemas/challenge';
import type { CountryCode } from '@uplift/core/countries';
import { ChallengeIllustration } from '../../../components/challenge-illustration';
import { ChallengeIcon } from './challenge-icon';
import { pickLandingChallenge } from './landing-choice';

/** A line of encouragement per challenge, keyed by its icon name. */
const TIPS: Record<string, string> = {
  coffee: 'Brew at home or take a thermos to work. Most people find the habit, not the caffeine, is what they miss.',
  takeaway: 'Cook double on Sunday and freeze a few portions: dinner is ready faster than the delivery would arrive.',
  lunch: 'Pack last night’s leftovers or a simple sandwich. Five bought lunches a week add up faster than you think.',
  gym: 'Pause your membership and train outdoors: run, walk, cycle or join a free park workout.',
  streaming: 'Switch one service off for a month. Read, play a board game, or call someone you have been meaning to.',
  commute: 'Walk, cycle, bus or share the ride. We count the distance you don’t drive and any parking you don’t pay.',
};

type Props = { challenges: Challenge[]; country: CountryCode };

/**
 * Six icons, one selected at a time, as an ARIA tab list: Tab reaches the selected icon,
 * arrow keys, Home and End move between them, and the panel below describes the choice.
 */
export function ChallengeSwitcher({ challenges, country }: Props) {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  const current = challenges[selected] ?? challenges[0];
  if (!current) return null;

  /** A pick the Join button carries into the wizard (docs/decisions/124). */
  function pick(index: number) {
    setSelected(index);
    const challenge = challenges[index];
    if (challenge) pickLandingChallenge(country, challenge.id);
  }

  function select(index: number) {
    const next = (index + challenges.length) % challenges.length;
    pick(next);
    tabs.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowDown: selected + 1,
      ArrowLeft: selected - 1,
      ArrowUp: selected - 1,
      Home: 0,
      End: challenges.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className="switcher">
      <div className="switcher-tabs" role="tablist" aria-label="Challenges">
        {challenges.map((challenge, i) => (
          <button
            key={challenge.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${challenge.id}`}
            aria-selected={i === selected}
            aria-controls={`${id}-panel`}
            tabIndex={i === selected ? 0 : -1}
            className="switcher-tab"
            onClick={() => pick(i)}
            onKeyDown={onKeyDown}
          >
            <ChallengeIcon name={challenge.landing_page_icon} size={44} />
            <span>{challenge.name}</span>
          </button>
        ))}
      </div>
      <div className="switcher-panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current.id}`} tabIndex={0}>
        <ChallengeIllustration name={current.landing_page_icon} width={200} />
        <div>
          <h3>Give up {current.name.toLowerCase()}</h3>
          <p>{current.description}</p>
          {TIPS[current.landing_page_icon] && <p className="muted">{TIPS[current.landing_page_icon]}</p>}
          <p>
            Share your progress with{' '}
            <a href={current.hashtag_link} target="_blank" rel="noopener noreferrer">
              {current.hashtag}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
      </div>
    </div>
  );
}
