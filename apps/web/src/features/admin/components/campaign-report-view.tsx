import { formatDayMonthYear } from '@uplift/core/calendar';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { zodResolver } from '@hookform/resolvers/zod';
import { asMinor, formatMoney, fromMinor, toMinor } from '@uplift/core/money';
import {
  payoutCorrectionFormSchema,
  payoutFormSchema,
  type CampaignReport,
  type Payout,
  type PayoutCorrectionForm,
  type PayoutCorrectionRequest,
  type PayoutForm as PayoutFormValues,
  type PayoutRequest,
  type ReportFigures,
} from '@uplift/core/schemas/campaign-report';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { SelectField, TextAreaField, TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { useCampaignReport, useCorrectPayout, usePayouts, useRecordPayout } from '../api/campaign-report';
import { AdminError } from './admin-error';
import { reasonOf, refusedFieldsOf } from './describe-error';
import { GiftSearch } from './gift-search';
import { ReportMatches } from '../matches/report-matches';
import { MARKED_IN_RED } from './use-admin-editor';
import { TableBox } from './table-box';
import '../admin.css';

const ReportChart = lazy(() => import('./report-chart').then((m) => ({ default: m.ReportChart })));

const FIGURES: [keyof ReportFigures, string][] = [
  ['pledges', 'Pledges'],
  ['donors', 'Donors'],
  ['pledged', 'Pledged'],
  ['collected', 'Collected'],
  ['refunded', 'Refunded'],
  ['failed', 'Failed'],
  ['cancelled', 'Cancelled'],
  ['fee_cover', 'Fee covered by donors'],
  ['fees', 'Est. card fees'],
  ['friends_gifts', 'Friends’ gifts'],
  ['net', 'Net to pass on'],
];

function cell(key: keyof ReportFigures, value: number, country: CountryCode): string {
  return key === 'pledges' || key === 'donors' ? String(value) : formatMoney(toMinor(value), country);
}

/** A challenge's row has no friends' gifts (a gift is given to a charity through a page): its table leaves the column out. */
const CHALLENGE_FIGURES = FIGURES.filter(([key]) => key !== 'friends_gifts');

function FigureCells({ f, country, figures = FIGURES }: { f: ReportFigures; country: CountryCode; figures?: typeof FIGURES }) {
  return (
    <>
      {figures.map(([key]) => (
        <td key={key} className="admin-number">
          {cell(key, f[key], country)}
        </td>
      ))}
    </>
  );
}

/**
 * Shows a refused payout or correction on the form: every field the API named at its field (and
 * `amountCode`'s refusal, what is owed or left, at the amount), focus on the first. Returns the
 * reason to show in red above: 'Please correct the fields marked in red.' or the API's words.
 */
function showRefusal<Values extends FieldValues>(form: Pick<UseFormReturn<Values>, 'getValues' | 'setError'>, err: unknown, amountCode: string): string {
  const fields = new Set(Object.keys(form.getValues()));
  const atFields = refusedFieldsOf(err).filter((f) => fields.has(f.path));
  if (err instanceof ApiError && err.code === amountCode) atFields.push({ path: 'amount', message: err.message });
  if (atFields.length === 0) return reasonOf(err);
  atFields.forEach((f, i) => form.setError(f.path as Path<Values>, { type: 'server', message: f.message }, { shouldFocus: i === 0 }));
  return MARKED_IN_RED;
}

const emptyPayout: PayoutFormValues = { recipient_id: '', amount: '', paid_on: '', reference: '' };

/**
 * Records a payout: at most what is still owed to the charity (decision 122). Checked by core's
 * payout form schema, so every problem shows at its field at once; so does a refusal of the API.
 */
function PayoutForm({ report }: { report: CampaignReport }) {
  const id = useId();
  const record = useRecordPayout(report.campaign.id);
  const form = useForm<PayoutFormValues, unknown, PayoutRequest>({ resolver: zodResolver(payoutFormSchema), defaultValues: emptyPayout });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const country = report.campaign.country;
  const recipientId = useWatch({ control: form.control, name: 'recipient_id' });
  const chosen = report.charities.find((c) => String(c.recipient_id) === recipientId);

  const onSubmit = form.handleSubmit(
    async (body) => {
      setDone(null);
      setProblem(null);
      try {
        const payout = await record.mutateAsync(body);
        setDone(`Recorded ${formatMoney(toMinor(payout.amount), country)} to ${payout.recipient_name}`);
        form.reset({ ...form.getValues(), amount: '', reference: '' });
      } catch (err) {
        setProblem(showRefusal(form, err, 'payout.more_than_owed'));
      }
    },
    () => {
      setDone(null);
      setProblem(MARKED_IN_RED);
    },
  );

  return (
    <form className="admin-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Record a payout</h3>
      <p className="admin-muted">
        A payout is at most what is still owed to the charity for this campaign. Payouts cannot be edited or deleted: to correct one recorded
        by mistake, use Correct on it in the list below.
      </p>
      <SelectField label="Charity" error={errors.recipient_id?.message} {...form.register('recipient_id')}>
        <option value="">Please choose a charity</option>
        {report.charities.map((c) => (
          <option key={c.recipient_id} value={c.recipient_id}>
            {c.recipient_name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={`Amount (${COUNTRIES[country].symbol})`}
        inputMode="decimal"
        hint={chosen ? `Still owed to ${chosen.recipient_name}: ${formatMoney(toMinor(chosen.owed), country)}` : undefined}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <TextField label="Date paid" type="date" error={errors.paid_on?.message} {...form.register('paid_on')} />
      <TextField label="Reference" maxLength={200} error={errors.reference?.message} {...form.register('reference')} />
      {problem && <AdminError title="Could not record payout" reason={problem} />}
      {done && <Alert tone="success">{done}</Alert>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Recording…' : 'Record payout'}
        </button>
      </div>
    </form>
  );
}

const emptyCorrection: PayoutCorrectionForm = { amount: '', reason: '' };

/** Takes back (part of) a payout recorded by mistake, with a reason (decision 122). */
function CorrectionForm({ payout, left, country, onDone, onCancel }: { payout: Payout; left: number; country: CountryCode; onDone: (notice: string) => void; onCancel: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const correct = useCorrectPayout(payout.campaign_id);
  const form = useForm<PayoutCorrectionForm, unknown, PayoutCorrectionRequest>({ resolver: zodResolver(payoutCorrectionFormSchema), defaultValues: emptyCorrection });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  const paid = formatMoney(toMinor(payout.amount), country);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onSubmit = form.handleSubmit(
    async (body) => {
      setProblem(null);
      try {
        const correction = await correct.mutateAsync({ payoutId: payout.id, body });
        onDone(`Took back ${formatMoney(toMinor(-correction.amount), country)} of the payout to ${correction.recipient_name} (${correction.reference})`);
      } catch (err) {
        setProblem(showRefusal(form, err, 'payout.correction_too_large'));
      }
    },
    () => setProblem(MARKED_IN_RED),
  );

  return (
    <form className="admin-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} ref={heading} tabIndex={-1}>
        Correct the payout of {paid} to {payout.recipient_name} ({payout.reference})
      </h3>
      <p className="admin-muted">The correction is recorded beside the payout, with its reason; the payout itself stays as it was.</p>
      <TextField
        label={`Amount to take back (${COUNTRIES[country].symbol})`}
        inputMode="decimal"
        hint={`At most ${formatMoney(toMinor(left), country)} is left of this payout`}
        error={errors.amount?.message}
        {...form.register('amount')}
      />
      <TextAreaField label="Reason" rows={2} maxLength={500} error={errors.reason?.message} {...form.register('reason')} />
      {problem && <AdminError title="Could not correct payout" reason={problem} />}
      <div className="form-actions admin-row-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Recording…' : 'Record correction'}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The payouts, newest first; a payout (not a correction) can be corrected while some of it is left. */
function PayoutList({ payouts, country }: { payouts: Payout[]; country: CountryCode }) {
  const [correcting, setCorrecting] = useState<Payout | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // What is left of each payout after its corrections, in minor units.
  const left = new Map<number, number>();
  for (const p of payouts) if (p.corrects_payout_id === null) left.set(p.id, toMinor(p.amount));
  for (const p of payouts) {
    if (p.corrects_payout_id !== null && left.has(p.corrects_payout_id)) left.set(p.corrects_payout_id, left.get(p.corrects_payout_id)! + toMinor(p.amount));
  }
  const byId = new Map(payouts.map((p) => [p.id, p]));

  return (
    <>
      {notice && <Alert tone="success">{notice}</Alert>}
      <TableBox label="Payouts">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Date paid</th>
              <th scope="col">Charity</th>
              <th scope="col" className="admin-number">Amount</th>
              <th scope="col">Reference</th>
              <th scope="col" className="admin-actions-cell">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((p) => {
              const corrected = p.corrects_payout_id === null ? undefined : byId.get(p.corrects_payout_id);
              const remaining = left.get(p.id) ?? 0;
              return (
                <tr key={p.id}>
                  <td>
                    <time dateTime={p.paid_on}>{formatDayMonthYear(p.paid_on)}</time>
                  </td>
                  <td>{p.recipient_name}</td>
                  <td className="admin-number">{formatMoney(toMinor(p.amount), country)}</td>
                  <td>
                    {p.reference}
                    {p.reason !== null && (
                      <span className="admin-muted admin-correction-note">
                        {' '}
                        Correction{corrected ? ` of the ${formatMoney(toMinor(corrected.amount), country)} payout of ${formatDayMonthYear(corrected.paid_on)}` : ''}: {p.reason}
                      </span>
                    )}
                  </td>
                  <td className="admin-actions-cell">
                    {p.corrects_payout_id === null && p.amount > 0 && remaining > 0 && (
                      <button
                        type="button"
                        className="button admin-small secondary"
                        onClick={() => {
                          setNotice(null);
                          setCorrecting(p);
                        }}
                        disabled={correcting !== null}
                        aria-label={`Correct the payout of ${formatMoney(toMinor(p.amount), country)} to ${p.recipient_name} (${p.reference})`}
                      >
                        Correct
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableBox>
      {correcting && (
        <CorrectionForm
          key={correcting.id}
          payout={correcting}
          left={fromMinor(asMinor(left.get(correcting.id) ?? 0))}
          country={country}
          onDone={(message) => {
            setCorrecting(null);
            setNotice(message);
          }}
          onCancel={() => setCorrecting(null)}
        />
      )}
    </>
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
      <TableBox label="Figures per charity">
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
              <th scope="col" className="admin-number">Owed back</th>
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
                <td className="admin-number">{formatMoney(toMinor(c.owed_back), country)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Total</th>
              <FigureCells f={r.total} country={country} />
              <td className="admin-number">{formatMoney(toMinor(r.total.paid_out), country)}</td>
              <td className="admin-number">{formatMoney(toMinor(r.total.owed), country)}</td>
              <td className="admin-number">{formatMoney(toMinor(r.total.owed_back), country)}</td>
            </tr>
          </tbody>
        </table>
      </TableBox>

      <h2>Per challenge</h2>
      <TableBox label="Figures per challenge">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Challenge</th>
              {CHALLENGE_FIGURES.map(([key, label]) => (
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
                <FigureCells f={c} country={country} figures={CHALLENGE_FIGURES} />
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <p className="admin-muted">
        Pledged counts confirmed pledges in full and what cancelled pledges paid, as the public totals do. Card fees are estimated per
        successful payment with the country’s fee rule, on what was charged. Fee covered by donors is the weekly extra donors chose to
        add so the card fee does not come out of their gift: part of the gift, shown apart, and passed on in the net. Friends’ gifts are the
        one-off gifts friends gave on participants’ pages, for each charity and in the total (a challenge has none); their card fees are in
        the estimate and they are passed on in the net.
      </p>

      <ReportMatches campaignId={campaignId} country={country} />

      <h2>Payouts</h2>
      <PayoutForm report={r} />
      {payouts.isError && <AdminError title="Could not load the payouts" reason={reasonOf(payouts.error)} />}
      {payouts.isPending && <p role="status">Loading payouts…</p>}
      {payouts.isSuccess && payouts.data.length === 0 && <p className="admin-muted">No payouts recorded yet.</p>}
      {payouts.isSuccess && payouts.data.length > 0 && <PayoutList payouts={payouts.data} country={country} />}

      <h2>Gifts</h2>
      <GiftSearch />
    </div>
  );
}
