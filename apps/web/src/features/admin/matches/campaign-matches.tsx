import { formatDayMonthYear } from '@uplift/core/calendar';
import { COUNTRIES, type CountryCode } from '@uplift/core/countries';
import { matchVerb, type MatchStatus } from '@uplift/core/match';
import { asMinor, formatMoney } from '@uplift/core/money';
import type { AdminMatch } from '@uplift/core/schemas/match';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/alert';
import { Dialog } from '../../../components/dialog';
import { SelectField, TextField } from '../../../components/field';
import { ApiError } from '../../../lib/api-client';
import { campaignReportPath } from '../../../lib/paths';
import { useAdminCharities } from '../api/charities';
import { useAdminCampaigns } from '../api/get-campaigns';
import { AdminError } from '../components/admin-error';
import { reasonOf, refusedFieldsOf } from '../components/describe-error';
import { MARKED_IN_RED } from '../components/use-admin-editor';
import { downloadSponsorCsv, useCampaignMatches, useCreateMatch, useUpdateMatch } from './matches-api';
import { MatchLogoSection } from './match-logo-section';
import { OwedList } from './report-matches';
import {
  checkCreate,
  checkUpdate,
  createRequestOf,
  dayOf,
  editFormOf,
  emptyMatchForm,
  fieldProblemsOf,
  updateRequestOf,
  type FieldProblem,
  type MatchEditValues,
  type MatchFormValues,
} from './match-form';
import '../admin.css';
import './matches.css';

// The admin's "Matches" screen of a campaign (docs/product-rules.md §23, docs/decisions/162):
// the list with what each matched, has left and owes each charity; add, edit (a cap raised or
// lowered no lower than matched), pause, resume and end; every problem at its field.

const STATUS_LABEL: Record<MatchStatus, string> = { active: 'Active', paused: 'Paused', ended: 'Ended' };
const APPLIES_LABEL = { gifts: 'Friends’ gifts', payments: 'Pledge payments', both: 'Gifts and payments' } as const;

/** Puts each problem at its field, focus on the first; returns the line to show above the buttons. */
function showProblems<V extends FieldValues>(form: Pick<UseFormReturn<V>, 'setError'>, problems: FieldProblem[], other: string[]): string {
  problems.forEach((p, i) => form.setError(p.field as Path<V>, { type: 'server', message: p.message }, { shouldFocus: i === 0 }));
  if (other.length > 0) return other.join(' ');
  return MARKED_IN_RED;
}

/** The API's refusal at the fields it names: 400's `errors`, and the 409s and 404 that belong to one field. */
function refusalProblems(err: unknown, country: CountryCode): { fields: FieldProblem[]; other: string[] } {
  if (err instanceof ApiError) {
    if (err.code === 'match.cap_below_matched') return { fields: [{ field: 'cap', message: err.message }], other: [] };
    if (err.code === 'match.ends_before_start') return { fields: [{ field: 'ends_on', message: err.message }], other: [] };
  }
  const named = fieldProblemsOf(refusedFieldsOf(err), country);
  if (named.fields.length === 0 && named.other.length === 0) return { fields: [], other: [reasonOf(err)] };
  return named;
}

/** What a match is narrowed to, by name, the team's or page's address a link ("team Fast Five (/t/fast-five)"). */
function Narrowing({ m, charityName }: { m: AdminMatch; charityName: (id: number) => string }) {
  const path = m.narrowed_path;
  const named = (kind: string) => (
    <>
      {kind} {m.narrowed_name ?? ''}
      {path && (
        <>
          {' '}
          (
          <a href={path} target="_blank" rel="noreferrer">
            {path}
          </a>
          )
        </>
      )}
    </>
  );
  // A page or team deleted since keeps its narrowing: the match applies to nothing (decision 160).
  if ((m.narrowed_to === 'page' || m.narrowed_to === 'team') && m.page_id === null && m.team_id === null) return <>a {m.narrowed_to} since deleted (matches nothing)</>;
  if (m.page_id !== null) return named('page');
  if (m.team_id !== null) return named('team');
  if (m.recipient_id !== null) return <>{m.narrowed_name ?? charityName(m.recipient_id)}</>;
  return <>the whole campaign</>;
}

function AddMatchForm({ campaignId, country, campaignEnd, charities }: { campaignId: number; country: CountryCode; campaignEnd: string | null; charities: { id: number; name: string }[] }) {
  const id = useId();
  const create = useCreateMatch(campaignId);
  const blank = () => emptyMatchForm(country, campaignEnd, new Date());
  const form = useForm<MatchFormValues>({ defaultValues: blank() });
  const { errors, isSubmitting } = form.formState;
  const narrow = useWatch({ control: form.control, name: 'narrow' });
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const symbol = COUNTRIES[country].symbol;

  const onSubmit = form.handleSubmit(async (values) => {
    setDone(null);
    setProblem(null);
    const body = createRequestOf(values, country);
    const refused = checkCreate(body, country);
    if (refused) return setProblem(showProblems(form, refused.fields, refused.other));
    try {
      const made = await create.mutateAsync(body);
      setDone(`Added ${made.sponsor_name}’s match: ${matchVerb(made.ratio)} gifts until ${formatMoney(asMinor(made.cap_minor), country)} is used`);
      form.reset(blank());
    } catch (err) {
      const refusal = refusalProblems(err, country);
      setProblem(showProblems(form, refusal.fields, refusal.other));
    }
  });

  return (
    <form className="admin-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Add a match</h2>
      <p className="admin-muted">
        A sponsor adds its share to each gift or weekly payment it matches until its cap is used. The ratio, the start, what it matches and
        where cannot change once it is added (end it and add another). Add the sponsor’s logo with Edit once the match is added.
      </p>
      <TextField label="Sponsor name" maxLength={80} error={errors.sponsor_name?.message} {...form.register('sponsor_name')} />
      <TextField label="Sponsor link (optional)" hint="A web address starting with https://" inputMode="url" error={errors.sponsor_link?.message} {...form.register('sponsor_link')} />
      <SelectField label="Ratio" error={errors.ratio?.message} {...form.register('ratio')}>
        <option value="1">1:1 (doubles each gift)</option>
        <option value="2">2:1 (triples each gift)</option>
        <option value="3">3:1 (quadruples each gift)</option>
      </SelectField>
      <TextField label={`Cap (${symbol})`} inputMode="decimal" hint="The most the sponsor adds in all" error={errors.cap?.message} {...form.register('cap')} />
      <TextField label="Starts on" type="date" hint={`From the start of this day in ${COUNTRIES[country].name}`} error={errors.starts_on?.message} {...form.register('starts_on')} />
      <TextField label="Ends on" type="date" hint="To the end of this day" error={errors.ends_on?.message} {...form.register('ends_on')} />
      <SelectField label="What it matches" error={errors.applies_to?.message} {...form.register('applies_to')}>
        <option value="both">Friends’ gifts and pledge payments</option>
        <option value="gifts">Friends’ gifts only</option>
        <option value="payments">Pledge payments only</option>
      </SelectField>
      <SelectField label="Where" {...form.register('narrow')}>
        <option value="campaign">The whole campaign</option>
        <option value="charity">One charity</option>
        <option value="team">One team</option>
        <option value="page">One page</option>
      </SelectField>
      {narrow === 'charity' && (
        <SelectField label="Charity" error={errors.recipient_id?.message} {...form.register('recipient_id')}>
          <option value="">Please choose a charity</option>
          {charities.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      )}
      {narrow === 'team' && <TextField label="Team address" hint="As in /t/harbour-runners: harbour-runners" error={errors.team_slug?.message} {...form.register('team_slug')} />}
      {narrow === 'page' && <TextField label="Page address" hint="As in /p/sam-runs: sam-runs" error={errors.page_slug?.message} {...form.register('page_slug')} />}
      {problem && <AdminError title="Could not add the match" reason={problem} />}
      {done && <Alert tone="success">{done}</Alert>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add match'}
        </button>
      </div>
    </form>
  );
}

function EditMatchForm({ match, country, onDone, onCancel }: { match: AdminMatch; country: CountryCode; onDone: (notice: string) => void; onCancel: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const update = useUpdateMatch(match.campaign_id);
  const form = useForm<MatchEditValues>({ defaultValues: editFormOf(match, country) });
  const { errors, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const body = updateRequestOf(values, match, country);
    if (Object.keys(body).length === 0) return onCancel();
    const refused = checkUpdate(body, country);
    if (refused) return setProblem(showProblems(form, refused.fields, refused.other));
    try {
      const saved = await update.mutateAsync({ id: match.id, body });
      onDone(`Saved ${saved.sponsor_name}’s match: cap ${formatMoney(asMinor(saved.cap_minor), country)}, ${formatMoney(asMinor(saved.left_minor), country)} left`);
    } catch (err) {
      const refusal = refusalProblems(err, country);
      setProblem(showProblems(form, refusal.fields, refusal.other));
    }
  });

  return (
    <form className="admin-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1}>
        Edit {match.sponsor_name}’s match
      </h2>
      <TextField label="Sponsor name" maxLength={80} error={errors.sponsor_name?.message} {...form.register('sponsor_name')} />
      <TextField label="Sponsor link (optional)" hint="A web address starting with https://; empty to remove it" inputMode="url" error={errors.sponsor_link?.message} {...form.register('sponsor_link')} />
      <TextField
        label={`Cap (${COUNTRIES[country].symbol})`}
        inputMode="decimal"
        hint={`Raise it, or lower it no lower than what is matched (${formatMoney(asMinor(match.matched_minor), country)})`}
        error={errors.cap?.message}
        {...form.register('cap')}
      />
      <TextField label="Ends on" type="date" hint="To the end of this day" error={errors.ends_on?.message} {...form.register('ends_on')} />
      {problem && <AdminError title="Could not save the match" reason={problem} />}
      <div className="form-actions admin-row-actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save match'}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function MatchTable({ matches, country, charityName, busy, onEdit, onStatus, onEnd, onCsv }: {
  matches: AdminMatch[];
  country: CountryCode;
  charityName: (id: number) => string;
  busy: boolean;
  onEdit: (m: AdminMatch) => void;
  onStatus: (m: AdminMatch, status: 'active' | 'paused') => void;
  onEnd: (m: AdminMatch) => void;
  onCsv: (m: AdminMatch) => void;
}) {
  const money = (minor: number) => formatMoney(asMinor(minor), country);
  return (
    <div className="admin-table-scroll" role="region" aria-label="Matches" tabIndex={0}>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Sponsor</th>
            <th scope="col">Ratio</th>
            <th scope="col">Matches</th>
            <th scope="col">Runs</th>
            <th scope="col" className="admin-number">Cap</th>
            <th scope="col" className="admin-number">Matched</th>
            <th scope="col" className="admin-number">Left</th>
            <th scope="col">Owed per charity</th>
            <th scope="col">Status</th>
            <th scope="col" className="admin-actions-cell">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {matches.map((m) => (
            <tr key={m.id}>
              <th scope="row">{m.sponsor_name}</th>
              <td>{m.ratio}:1</td>
              <td>
                {APPLIES_LABEL[m.applies_to]}, <Narrowing m={m} charityName={charityName} />
              </td>
              <td>
                {formatDayMonthYear(dayOf(m.starts_at, country))} to {formatDayMonthYear(dayOf(m.ends_at, country))}
              </td>
              <td className="admin-number">{money(m.cap_minor)}</td>
              <td className="admin-number">{money(m.matched_minor)}</td>
              <td className="admin-number">{money(m.left_minor)}</td>
              <td className="match-owed-cell">
                <OwedList match={m} country={country} />
              </td>
              <td>{STATUS_LABEL[m.status]}</td>
              <td className="admin-actions-cell">
                <div className="admin-row-actions match-actions">
                  {m.status !== 'ended' && (
                    <>
                      <button type="button" className="button admin-small secondary" disabled={busy} onClick={() => onEdit(m)} aria-label={`Edit ${m.sponsor_name}’s match`}>
                        Edit
                      </button>
                      <button
                        type="button"
                        className="button admin-small secondary"
                        disabled={busy}
                        onClick={() => onStatus(m, m.status === 'active' ? 'paused' : 'active')}
                        aria-label={`${m.status === 'active' ? 'Pause' : 'Resume'} ${m.sponsor_name}’s match`}
                      >
                        {m.status === 'active' ? 'Pause' : 'Resume'}
                      </button>
                      <button type="button" className="button admin-small admin-danger" disabled={busy} onClick={() => onEnd(m)} aria-label={`End ${m.sponsor_name}’s match`}>
                        End
                      </button>
                    </>
                  )}
                  <button type="button" className="button admin-small secondary" onClick={() => onCsv(m)} aria-label={`Download ${m.sponsor_name}’s sponsor CSV`}>
                    Sponsor CSV
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The campaign's match funds: the list, its actions, and the form to add one. */
export function CampaignMatches({ campaignId }: { campaignId: number }) {
  const campaigns = useAdminCampaigns();
  const matches = useCampaignMatches(campaignId);
  const charities = useAdminCharities();
  const update = useUpdateMatch(campaignId);
  const [editing, setEditing] = useState<AdminMatch | null>(null);
  const [ending, setEnding] = useState<AdminMatch | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ title: string; reason: string } | null>(null);

  if (campaigns.isPending || matches.isPending) return <p role="status">Loading the matches…</p>;
  if (campaigns.isError) return <AdminError title="Could not load the campaign" reason={reasonOf(campaigns.error)} />;
  if (matches.isError) return <AdminError title="Could not load the matches" reason={reasonOf(matches.error)} />;
  const campaign = campaigns.data.find((c) => c.id === campaignId);
  if (!campaign) return <p role="alert">There is no campaign {campaignId}.</p>;
  const country = campaign.country;
  const names = new Map((charities.data ?? []).map((c) => [c.id, c.recipient_name]));
  const charityName = (id: number) => names.get(id) ?? `charity ${id}`;
  const choices = (charities.data ?? []).filter((c) => c.country === country && c.is_enabled).map((c) => ({ id: c.id, name: c.recipient_name }));

  async function setStatus(m: AdminMatch, status: 'active' | 'paused' | 'ended') {
    setNotice(null);
    setProblem(null);
    try {
      await update.mutateAsync({ id: m.id, body: { status } });
      setNotice(`${m.sponsor_name}’s match is ${status === 'active' ? 'running again' : status}`);
    } catch (err) {
      setProblem({ title: `Could not change ${m.sponsor_name}’s match`, reason: reasonOf(err) });
    }
  }

  async function csv(m: AdminMatch) {
    setProblem(null);
    try {
      await downloadSponsorCsv(m.id);
    } catch (err) {
      setProblem({ title: 'Could not download the sponsor CSV', reason: reasonOf(err) });
    }
  }

  return (
    <div className="admin-matches">
      <p>
        {campaign.campaign_name} · {COUNTRIES[country].name} · <Link to={campaignReportPath(campaignId)}>The campaign’s report</Link>
      </p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {problem && <AdminError title={problem.title} reason={problem.reason} />}
      {matches.data.length === 0 ? (
        <p className="admin-muted">No matches yet.</p>
      ) : (
        <MatchTable
          matches={matches.data}
          country={country}
          charityName={charityName}
          busy={update.isPending || editing !== null}
          onEdit={(m) => {
            setNotice(null);
            setEditing(m);
          }}
          onStatus={(m, status) => void setStatus(m, status)}
          onEnd={setEnding}
          onCsv={(m) => void csv(m)}
        />
      )}
      {editing && (
        <>
          <EditMatchForm
            key={editing.id}
            match={editing}
            country={country}
            onDone={(message) => {
              setEditing(null);
              setNotice(message);
            }}
            onCancel={() => setEditing(null)}
          />
          <MatchLogoSection key={`logo-${editing.id}`} match={matches.data.find((m) => m.id === editing.id) ?? editing} />
        </>
      )}
      <Dialog open={ending !== null} title={ending ? `End ${ending.sponsor_name}’s match?` : 'End the match?'} tone="danger" onClose={() => setEnding(null)}>
        <p>An ended match matches nothing more and cannot be resumed. What it matched stays owed.</p>
        <div className="form-actions">
          <button
            type="button"
            className="button admin-danger"
            onClick={() => {
              const m = ending;
              setEnding(null);
              if (m) void setStatus(m, 'ended');
            }}
          >
            End the match
          </button>
          <button type="button" className="button secondary" onClick={() => setEnding(null)} ref={(el) => el?.setAttribute('autofocus', '')}>
            Cancel
          </button>
        </div>
      </Dialog>
      <AddMatchForm campaignId={campaignId} country={country} campaignEnd={campaign.end_date} charities={choices} />
    </div>
  );
}
