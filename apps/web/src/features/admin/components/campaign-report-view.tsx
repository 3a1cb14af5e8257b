import { formatDayMonthYear } from '@uplift/core/calendar';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { formatMoney, fromMinor, parseAmountInput, toMinor } from '@uplift/core/money';
import { PAYOUT_MESSAGES, type CampaignReport, type ReportFigures } from '@uplift/core/schemas/campaign-report';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { SelectField, TextField } from '../../../components/field';
import { downloadFile } from '../../../lib/download-file';
import { useCampaignReport, usePayouts, useRecordPayout } from '../api/campaign-report';
import { AdminError } from './admin-error';
import { reasonOf } from './describe-error';
import '../admin.css';

const ReportChart = lazy(() => import('./report-chart').then((m) => ({ default: m.ReportChart })));

const FIGURES: [keyof ReportFigures, string][] = [
  ['pledges', 'Pledges'],
  ['donors', 'Donors'],
  ['pledged', 'Pledged'],
  ['collected', 'Collected'],
  ['failed', 'Failed'],
  ['cancelled', 'Cancelled'],
  ['fees', 'Est. card fees'],
  ['net', 'Net to pass on'],
];

function cell(key: keyof ReportFigures, value: number, country: CountryCode): string {
  return key === 'pledges' || key === 'donors' ? String(value) : formatMoney(toMinor(value), country);
}

function FigureCells({ f, country }: { f: ReportFigures; country: CountryCode }) {
  return (
    <>
      {FIGURES.map(([key]) => (
        <td key={key} className="admin-number">
          {cell(key, f[key], country)}
        </td>
      ))}
    </>
  );
}

function PayoutForm({ report }: { report: CampaignReport }) {
  const id = useId();
  const record = useRecordPayout(report.campaign.id);
  const [recipientId, setRecipientId] = useState('');
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState('');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const country = report.campaign.country;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const text = amount.trim();
    // A negative amount corrects an earlier payout.
    const size = parseAmountInput(text.replace(/^-/, ''));
    if (!recipientId) return setProblem(PAYOUT_MESSAGES.recipientInvalid);
    if (size === null || size === 0) return setProblem(PAYOUT_MESSAGES.amountInvalid);
    if (!paidOn) return setProblem(PAYOUT_MESSAGES.dateInvalid);
    if (!reference.trim()) return setProblem(PAYOUT_MESSAGES.referenceRequired);
    setProblem(null);
    try {
      const payout = await record.mutateAsync({
        recipient_id: Number(recipientId),
        amount: fromMinor(toMinor(text)),
        paid_on: paidOn,
        reference: reference.trim(),
      });
      setDone(`Recorded ${formatMoney(toMinor(payout.amount), country)} to ${payout.recipient_name}`);
      setAmount('');
      setReference('');
    } catch (err) {
      setProblem(reasonOf(err));
    }
  }

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Record a payout</h3>
      <p className="admin-muted">Payouts cannot be edited or deleted: to correct one, record a negative amount.</p>
      <SelectField label="Charity" value={recipientId} onChange={(e) => setRecipientId(e.target.value)}>
        <option value="">Please choose a charity</option>
        {report.charities.map((c) => (
          <option key={c.recipient_id} value={c.recipient_id}>
            {c.recipient_name}
          </option>
        ))}
      </SelectField>
      <TextField label={`Amount (${COUNTRIES[country].symbol})`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      <TextField label="Date paid" type="date" value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
      <TextField label="Reference" value={reference} onChange={(e) => setReference(e.target.value)} maxLength={200} />
      {problem && <AdminError title="Could not record payout" reason={problem} />}
      {done && <Alert tone="success">{done}</Alert>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={record.isPending}>
          {record.isPending ? 'Recording…' : 'Record payout'}
        </button>
      </div>
    </form>
  );
}

/** Decisions 055–056: what a campaign raised, per charity and per challenge, what was paid out and what is owed. */
export function CampaignReportView({ campaignId }: { campaignId: number }) {
  const report = useCampaignReport(campaignId);
  const payouts = usePayouts(campaignId);
  const [csvProblem, setCsvProblem] = useState<string | null>(null);

  if (report.isPending) return <p role="status">Loading the report…</p>;
  if (report.isError) return <AdminError title="Could not load the report" reason={reasonOf(report.error)} />;
  const r = report.data;
  const country = r.campaign.country;

  async function downloadCsv() {
    setCsvProblem(null);
    try {
      await downloadFile(`/api/admin/campaigns/${campaignId}/report.csv`, `uplift-report-campaign-${campaignId}.csv`);
    } catch (err) {
      setCsvProblem(reasonOf(err));
    }
  }

  return (
    <div className="admin-report">
      <p>
        {r.campaign.campaign_name} · {COUNTRIES[country].name} · {formatDayMonthYear(r.campaign.start_date)} to {formatDayMonthYear(r.campaign.end_date)}
      </p>
      <div className="admin-toolbar" role="toolbar" aria-label="Report actions">
        <button type="button" className="button" onClick={() => void downloadCsv()}>
          Download CSV
        </button>
      </div>
      {csvProblem && <AdminError title="Could not download the report" reason={csvProblem} />}

      <h2>Per day</h2>
      <Suspense fallback={<p role="status">Loading the chart…</p>}>
        <ReportChart days={r.days} country={country} campaign={r.campaign} />
      </Suspense>

      <h2>Per charity</h2>
      <div className="admin-table-scroll" role="region" aria-label="Figures per charity" tabIndex={0}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Charity</th>
              {FIGURES.map(([key, label]) => (
                <th key={key} scope="col" className="admin-number">
                  {label}
                </th>
              ))}
              <th scope="col" className="admin-number">Paid out</th>
              <th scope="col" className="admin-number">Still owed</th>
            </tr>
          </thead>
          <tbody>
            {r.charities.map((c) => (
              <tr key={c.recipient_id}>
                <th scope="row">
                  {c.recipient_name}
                  {c.is_enabled ? '' : ' (disabled)'}
                </th>
                <FigureCells f={c} country={country} />
                <td className="admin-number">{formatMoney(toMinor(c.paid_out), country)}</td>
                <td className="admin-number">{formatMoney(toMinor(c.owed), country)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Total</th>
              <FigureCells f={r.total} country={country} />
              <td className="admin-number">{formatMoney(toMinor(r.total.paid_out), country)}</td>
              <td className="admin-number">{formatMoney(toMinor(r.total.owed), country)}</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h2>Per challenge</h2>
      <div className="admin-table-scroll" role="region" aria-label="Figures per challenge" tabIndex={0}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Challenge</th>
              {FIGURES.map(([key, label]) => (
                <th key={key} scope="col" className="admin-number">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {r.challenges.map((c) => (
              <tr key={c.challenge_id}>
                <th scope="row">{c.name}</th>
                <FigureCells f={c} country={country} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="admin-muted">
        Pledged counts confirmed pledges in full and what cancelled pledges paid, as the public totals do. Card fees are estimated per
        successful payment with the country’s fee rule.
      </p>

      <h2>Payouts</h2>
      <PayoutForm report={r} />
      {payouts.isError && <AdminError title="Could not load the payouts" reason={reasonOf(payouts.error)} />}
      {payouts.isPending && <p role="status">Loading payouts…</p>}
      {payouts.isSuccess && payouts.data.length === 0 && <p className="admin-muted">No payouts recorded yet.</p>}
      {payouts.isSuccess && payouts.data.length > 0 && (
        <div className="admin-table-scroll" role="region" aria-label="Payouts" tabIndex={0}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Date paid</th>
                <th scope="col">Charity</th>
                <th scope="col" className="admin-number">Amount</th>
                <th scope="col">Reference</th>
              </tr>
            </thead>
            <tbody>
              {payouts.data.map((p) => (
                <tr key={p.id}>
                  <td>
                    <time dateTime={p.paid_on}>{formatDayMonthYear(p.paid_on)}</time>
                  </td>
                  <td>{p.recipient_name}</td>
                  <td className="admin-number">{formatMoney(toMinor(p.amount), country)}</td>
                  <td>{p.reference}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
