import type { CountryCode } from '@uplift/core/countries';
import { impactOf } from '@uplift/core/impact';
import { MSG } from '@uplift/core/messages';
import { asMinor, formatMoney, toNearestMinor, type Minor } from '@uplift/core/money';
import { useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { CharityPhoto, CharityStory } from './charity-story';
import type { RecipientTotals } from '../api/get-recipient-totals';
import type { Recipient } from '../api/types';
import { useRovingChoice } from './use-roving-choice';

type Props = {
  recipients: Recipient[] | undefined;
  totals: RecipientTotals | undefined;
  isLoading: boolean;
  isError: boolean;
  selectedId: number | null;
  onSelect: (recipient: Recipient) => void;
  country: CountryCode;
  /** The pledge being made, for the possible impact. */
  pledgeTotalMinor: Minor;
};

function Logo({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) {
    return (
      <span className="charity-monogram" aria-hidden="true">
        {name.charAt(0)}
      </span>
    );
  }
  return <img className="charity-logo" src={src} alt={`${name} logo`} onError={() => setFailed(true)} />;
}

function CharityCard(props: {
  recipient: Recipient;
  count: number | undefined;
  amount: number | undefined;
  selected: boolean;
  onSelect: () => void;
  country: CountryCode;
  pledgeTotalMinor: Minor;
  roving: ReturnType<ReturnType<typeof useRovingChoice>>;
}) {
  const { recipient, count, amount, selected, onSelect, country, pledgeTotalMinor, roving } = props;
  const nameId = useId();
  const impact = impactOf(pledgeTotalMinor, recipient);
  return (
    <li className={`choice-card charity-card${selected ? ' selected' : ''}${recipient.photo ? ' has-photo' : ''}`}>
      {recipient.photo && <CharityPhoto photo={recipient.photo} className="charity-photo" />}
      <Logo src={recipient.logo} name={recipient.recipient_name} />
      <h3 id={nameId}>{recipient.recipient_name}</h3>
      {recipient.description && <p>{recipient.description}</p>}
      <dl className="charity-facts">
        <div>
          <dt>Pledged so far</dt>
          <dd>{amount === undefined ? '–' : formatMoney(toNearestMinor(amount), country)}</dd>
        </div>
        <div>
          <dt>Others pledging</dt>
          <dd>{count === undefined ? '–' : count}</dd>
        </div>
        <div>
          <dt>Your possible impact</dt>
          <dd>{impact}</dd>
        </div>
      </dl>
      {recipient.story && (
        <details className="charity-more">
          <summary>
            Their story<span className="visually-hidden">: {recipient.recipient_name}</span>
          </summary>
          <CharityStory story={recipient.story} />
        </details>
      )}
      <a href={recipient.link} target="_blank" rel="noopener noreferrer">
        More about {recipient.recipient_name}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      <button type="button" {...roving} className={selected ? 'button' : 'button secondary'} aria-pressed={selected} aria-describedby={nameId} onClick={onSelect}>
        {selected ? 'Chosen' : 'Choose'}
      </button>
    </li>
  );
}

/** Step 4: the partner charities of the campaign's country. */
export function CharityStep({ recipients, totals, isLoading, isError, selectedId, onSelect, country, pledgeTotalMinor }: Props) {
  const roving = useRovingChoice(recipients?.length ?? 0, recipients?.findIndex((r) => r.id === selectedId) ?? -1);
  if (isLoading) return <p role="status">Loading charities…</p>;
  if (isError) return <Alert>{MSG.campaignInfoFailed}</Alert>;
  return (
    <ul className="choice-grid" aria-label="Charities">
      {(recipients ?? []).map((recipient, i) => (
        <CharityCard
          key={recipient.id}
          recipient={recipient}
          count={totals?.counts[i]}
          amount={totals?.amounts[i]}
          selected={recipient.id === selectedId}
          onSelect={() => onSelect(recipient)}
          country={country}
          pledgeTotalMinor={Number.isFinite(pledgeTotalMinor) ? pledgeTotalMinor : asMinor(0)}
          roving={roving(i)}
        />
      ))}
    </ul>
  );
}
