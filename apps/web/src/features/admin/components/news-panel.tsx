import { COUNTRIES } from '@uplift/core/countries';
import type { NewsAudience, NewsPreview } from '@uplift/core/schemas/news';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { useAdminCampaigns } from '../api/get-campaigns';
import { useAdminRecipients } from '../api/get-recipients';
import { useNewsList, usePreviewNews, useSendNews } from '../api/news';
import { reasonOf } from './describe-error';
import { TableBox } from './table-box';
import '../admin.css';

/** 'campaign:3' or 'charity:5' (the one select's value) as the API's audience. */
function audienceOf(value: string): NewsAudience | null {
  const [kind, id] = value.split(':');
  if (kind === 'campaign') return { kind, campaign_id: Number(id) };
  if (kind === 'charity') return { kind, recipient_id: Number(id) };
  return null;
}

/**
 * News for donors who opted in (product-rules §20, docs/decisions/137): write it, preview the mail
 * each country gets and how many will get it, then send it to exactly that many.
 */
export function NewsPanel() {
  const id = useId();
  const campaigns = useAdminCampaigns();
  const recipients = useAdminRecipients();
  const list = useNewsList();
  const preview = usePreviewNews();
  const send = useSendNews();
  const [audience, setAudience] = useState('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [shown, setShown] = useState<NewsPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const draft = () => {
    const chosen = audienceOf(audience);
    if (!chosen) return setProblem('audience: choose a campaign (Uplift news) or a charity (its news)'), null;
    return { subject, text, audience: chosen };
  };
  const changed = () => {
    setShown(null);
    setDone(null);
  };

  async function onPreview(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const d = draft();
    if (!d) return;
    setProblem(null);
    try {
      setShown(await preview.mutateAsync(d));
    } catch (err) {
      setShown(null);
      setProblem(reasonOf(err));
    }
  }

  async function onSend() {
    const d = draft();
    if (!d || !shown) return;
    try {
      const sent = await send.mutateAsync({ ...d, recipients: shown.recipients });
      setDone(`Sending to ${sent.recipients} ${sent.recipients === 1 ? 'donor' : 'donors'}: ${sent.queued} in the outbox so far.`);
      setShown(null);
    } catch (err) {
      setProblem(reasonOf(err));
    }
  }

  return (
    <div className="news-panel">
      <p>Only donors who opted in get news: Uplift news for a campaign's donors, a charity's news for that charity's donors.</p>
      <form onSubmit={onPreview} noValidate aria-label="News update">
        <div className="field">
          <label htmlFor={`${id}-audience`}>Send to</label>
          <select id={`${id}-audience`} value={audience} onChange={(e) => (setAudience(e.target.value), changed())}>
            <option value="">Please choose who gets it</option>
            <optgroup label="Uplift news: donors of a campaign">
              {campaigns.data?.map((c) => (
                <option key={c.id} value={`campaign:${c.id}`}>
                  {c.campaign_name} ({COUNTRIES[c.country].name})
                </option>
              ))}
            </optgroup>
            <optgroup label="Charity news: donors of a charity">
              {recipients.data?.map((r) => (
                <option key={r.id} value={`charity:${r.id}`}>
                  {r.recipient_name} ({COUNTRIES[r.country].name})
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-subject`}>Subject</label>
          <input id={`${id}-subject`} value={subject} maxLength={150} onChange={(e) => (setSubject(e.target.value), changed())} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-text`}>Text</label>
          <textarea id={`${id}-text`} rows={8} value={text} onChange={(e) => (setText(e.target.value), changed())} />
        </div>
        <button type="submit" className="button secondary" disabled={preview.isPending}>
          Preview
        </button>
      </form>
      {problem && <Alert>{problem}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      {shown && (
        <section aria-label="Preview">
          <p>
            <strong>
              {shown.recipients} {shown.recipients === 1 ? 'donor' : 'donors'}
            </strong>{' '}
            would get it now.
          </p>
          {shown.previews.map((p) => (
            <article key={p.country} aria-label={`As a donor in ${COUNTRIES[p.country].name} gets it`}>
              <h3>
                {COUNTRIES[p.country].name}: {p.subject}
              </h3>
              <pre className="news-preview">{p.text}</pre>
            </article>
          ))}
          <button type="button" className="button" disabled={send.isPending || shown.recipients === 0} onClick={() => void onSend()}>
            Send to {shown.recipients} {shown.recipients === 1 ? 'donor' : 'donors'}
          </button>
        </section>
      )}
      {list.data && list.data.length > 0 && (
        <TableBox label="News sent">
          <table className="admin-table">
            <caption>Sent</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Donors</th>
                <th scope="col">In the outbox</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((n) => (
                <tr key={n.id}>
                  <td>{n.subject}</td>
                  <td>{n.recipients}</td>
                  <td>{n.queued}</td>
                  <td>{n.status === 'sent' ? 'Sent' : 'Sending'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </div>
  );
}
