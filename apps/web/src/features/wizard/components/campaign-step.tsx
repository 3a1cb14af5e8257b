import { COUNTRIES } from '@uplift/core/countries';
import { MSG } from '@uplift/core/messages';
import { Alert } from '../../../components/alert';
import { CampaignPicture } from '../../../components/campaign-photo';
import type { Campaign } from '../api/types';
import { CountryFlag } from './country-flag';
import { useRovingChoice } from './use-roving-choice';

type Props = {
  campaigns: Campaign[] | undefined;
  isLoading: boolean;
  isError: boolean;
  selectedId: number | null;
  onSelect: (campaign: Campaign) => void;
};

/** Step 1: one card per active campaign (its photo when it has one, flag, country, its whole name, wrapping: docs/decisions/156, 170). */
export function CampaignStep({ campaigns, isLoading, isError, selectedId, onSelect }: Props) {
  const roving = useRovingChoice(campaigns?.length ?? 0, campaigns?.findIndex((c) => c.id === selectedId) ?? -1);
  if (isLoading) return <p role="status">Loading campaigns…</p>;
  if (isError) return <Alert>{MSG.campaignInfoFailed}</Alert>;
  if (!campaigns || campaigns.length === 0) {
    return <Alert tone="info">There is no campaign open to join right now. Please check back soon.</Alert>;
  }
  return (
    <ul className="choice-grid" aria-label="Campaigns">
      {campaigns.map((campaign, i) => {
        const selected = campaign.id === selectedId;
        return (
          <li key={campaign.id}>
            <button
              type="button"
              {...roving(i)}
              className={`choice-card campaign-card${selected ? ' selected' : ''}`}
              aria-pressed={selected}
              onClick={() => onSelect(campaign)}
            >
              {/* The campaign's photo (docs/decisions/170) above its words: decorative here, the card's name says which campaign it is. */}
              {campaign.photo && <CampaignPicture photo={campaign.photo} className="campaign-card-photo" sizes="(min-width: 600px) 360px, 100vw" alt="" />}
              <CountryFlag country={campaign.country} size={54} />
              <span className="choice-country">{COUNTRIES[campaign.country].name}</span>
              {/* The whole name, wrapping on as many lines as it needs, never cut (docs/decisions/156). */}
              <span className="choice-title">{campaign.campaign_name}</span>
              {selected && <span className="choice-badge">Selected</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
