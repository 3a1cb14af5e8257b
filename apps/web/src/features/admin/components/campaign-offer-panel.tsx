import { COUNTRIES } from '@uplift/core/countries';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { SelectField } from '../../../components/field';
import { useAdminCharities } from '../api/charities';
import { useAdminChallenges, useCampaignOffer, useSaveCampaignOffer } from '../api/challenges';
import { useAdminCampaigns } from '../api/get-campaigns';
import { AdminError } from './admin-error';
import { reasonOf } from './describe-error';

/** The ticked ids of a form, or [] when every box is ticked (then the campaign offers every enabled one). */
function chosen(form: HTMLFormElement, name: string): { ids: number[]; all: boolean } {
  const boxes = [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];
  const ticked = boxes.filter((b) => b.checked).map((b) => Number(b.value));
  return { ids: ticked, all: ticked.length === boxes.length };
}

function OfferForm({ campaignId, country }: { campaignId: number; country: 'NZ' | 'UK' }) {
  const offer = useCampaignOffer(campaignId);
  const challenges = useAdminChallenges();
  const charities = useAdminCharities();
  const save = useSaveCampaignOffer();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (offer.isPending || challenges.isPending || charities.isPending) return <p role="status">Loading what the campaign offers…</p>;
  if (offer.isError || challenges.isError || charities.isError) {
    return <AdminError title="Could not load what the campaign offers" reason={reasonOf(offer.error ?? challenges.error ?? charities.error)} />;
  }
  const enabledChallenges = challenges.data.filter((c) => c.is_enabled);
  const enabledCharities = charities.data.filter((c) => c.is_enabled && c.country === country);
  const offersChallenge = (id: number) => offer.data.challenge_ids.length === 0 || offer.data.challenge_ids.includes(id);
  const offersCharity = (id: number) => offer.data.recipient_ids.length === 0 || offer.data.recipient_ids.includes(id);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setDone(null);
    const c = chosen(e.currentTarget, 'challenge');
    const r = chosen(e.currentTarget, 'charity');
    if (c.ids.length === 0) return setProblem('Please tick at least one challenge');
    if (r.ids.length === 0) return setProblem('Please tick at least one charity');
    setProblem(null);
    try {
      await save.mutateAsync({ campaignId, offer: { challenge_ids: c.all ? [] : c.ids, recipient_ids: r.all ? [] : r.ids } });
      setDone('Saved what the campaign offers');
    } catch (err) {
      setProblem(reasonOf(err));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="What the campaign offers" key={`${campaignId}-${offer.dataUpdatedAt}`}>
      <fieldset className="field">
        <legend>Challenges</legend>
        {enabledChallenges.map((c) => (
          <label key={c.id} className="admin-offer-choice">
            <input type="checkbox" name="challenge" value={c.id} defaultChecked={offersChallenge(c.id)} /> {c.name}
          </label>
        ))}
      </fieldset>
      <fieldset className="field">
        <legend>Charities of {COUNTRIES[country].name}</legend>
        {enabledCharities.map((c) => (
          <label key={c.id} className="admin-offer-choice">
            <input type="checkbox" name="charity" value={c.id} defaultChecked={offersCharity(c.id)} /> {c.recipient_name}
          </label>
        ))}
      </fieldset>
      {problem && <AdminError title="Could not save what the campaign offers" reason={problem} />}
      {done && <Alert tone="success">{done}</Alert>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          Save offer
        </button>
      </div>
    </form>
  );
}

/** product-rules §13: a campaign offers every enabled challenge and charity of its country unless narrowed here. */
export function CampaignOfferPanel() {
  const campaigns = useAdminCampaigns();
  const [campaignId, setCampaignId] = useState('');
  const campaign = campaigns.data?.find((c) => String(c.id) === campaignId);
  return (
    <section className="admin-section" aria-labelledby="offer-heading">
      <h2 id="offer-heading">What a campaign offers</h2>
      <p className="admin-muted">
        A campaign offers every enabled challenge and every enabled charity of its country. Untick some to narrow it; tick all to offer
        everything again, including challenges and charities added later.
      </p>
      {campaigns.isError && <AdminError title="Could not load the campaigns" reason={reasonOf(campaigns.error)} />}
      <SelectField label="Campaign" value={campaignId} onChange={(e) => setCampaignId(e.target.value)}>
        <option value="">Please choose a campaign</option>
        {campaigns.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.campaign_name} ({c.country}, {c.id})
          </option>
        ))}
      </SelectField>
      {campaign && <OfferForm campaignId={campaign.id} country={campaign.country} />}
    </section>
  );
}
