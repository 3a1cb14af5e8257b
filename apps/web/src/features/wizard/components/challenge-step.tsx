import { MSG } from '@uplift/core/messages';
import { useId } from 'react';
import { Alert } from '../../../components/alert';
import type { Challenge } from '../api/types';
import { ChallengeIcon } from './challenge-icon';
import { useRovingChoice } from './use-roving-choice';

type Props = {
  challenges: Challenge[] | undefined;
  isLoading: boolean;
  isError: boolean;
  selectedId: number | null;
  onSelect: (challenge: Challenge) => void;
};

function ChallengeCard({
  challenge,
  selected,
  onSelect,
  roving,
}: {
  challenge: Challenge;
  selected: boolean;
  onSelect: () => void;
  roving: ReturnType<ReturnType<typeof useRovingChoice>>;
}) {
  const nameId = useId();
  return (
    <li className={`choice-card challenge-card${selected ? ' selected' : ''}`}>
      <ChallengeIcon icon={challenge.icon} />
      <h3 id={nameId}>{challenge.name}</h3>
      <p>{challenge.description}</p>
      <a href={challenge.hashtag_link} target="_blank" rel="noopener noreferrer">
        {challenge.hashtag}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <button type="button" {...roving} className={selected ? 'button' : 'button secondary'} aria-pressed={selected} aria-describedby={nameId} onClick={onSelect}>
        Join
      </button>
      {selected && <span className="choice-badge">Selected</span>}
    </li>
  );
}

/** Step 2: the spending areas; one can be chosen at a time. */
export function ChallengeStep({ challenges, isLoading, isError, selectedId, onSelect }: Props) {
  const roving = useRovingChoice(challenges?.length ?? 0, challenges?.findIndex((c) => c.id === selectedId) ?? -1);
  if (isLoading) return <p role="status">Loading challenges…</p>;
  if (isError) return <Alert>{MSG.campaignInfoFailed}</Alert>;
  return (
    <ul className="choice-grid" aria-label="Challenges">
      {(challenges ?? []).map((challenge, i) => (
        <ChallengeCard key={challenge.id} challenge={challenge} selected={challenge.id === selectedId} onSelect={() => onSelect(challenge)} roving={roving(i)} />
      ))}
    </ul>
  );
}
