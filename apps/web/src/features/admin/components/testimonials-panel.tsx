import { todayInCountry } from '@uplift/core/calendar';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@uplift/core/countries';
import { TESTIMONIAL_NAME_MAX, TESTIMONIAL_QUOTE_MAX, testimonialRequestSchema, type AdminTestimonial } from '@uplift/core/schemas/testimonials';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/field';
import { useAdminTestimonials, useDeleteTestimonial, useSaveTestimonial } from '../api/testimonials';
import { reasonOf } from './describe-error';
import { TableBox } from './table-box';
import '../admin.css';

type Draft = { name: string; country: CountryCode; quote: string; consent: boolean; consented_on: string };
type Problems = Partial<Record<keyof Draft, string>>;

const empty = (): Draft => ({ name: '', country: 'NZ', quote: '', consent: false, consented_on: todayInCountry('NZ', new Date()) });

/**
 * The landing's testimonials (docs/decisions/167-honest-social-proof.md): what people who took part
 * said, each entered only once the person agreed to be quoted, with the day they agreed. A country's
 * landing shows its own, and no section when it has none.
 */
export function TestimonialsPanel() {
  const list = useAdminTestimonials();
  const save = useSaveTestimonial();
  const remove = useDeleteTestimonial();
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(empty);
  const [problems, setProblems] = useState<Problems>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const startEdit = (t: AdminTestimonial) => {
    setEditing(t.id);
    setDraft({ name: t.name, country: t.country, quote: t.quote, consent: true, consented_on: t.consented_on });
    setProblems({});
    setProblem(null);
    setDone(null);
  };
  const reset = () => {
    setEditing(null);
    setDraft(empty());
    setProblems({});
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    setProblem(null);
    const parsed = testimonialRequestSchema.safeParse(draft);
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Draft;
        found[key] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    try {
      await save.mutateAsync({ id: editing, input: parsed.data });
      setDone(editing === null ? `Added ${parsed.data.name}’s testimonial.` : `Saved ${parsed.data.name}’s testimonial.`);
      reset();
    } catch (err) {
      setProblem(reasonOf(err));
    }
  }

  async function onDelete(t: AdminTestimonial) {
    setDone(null);
    setProblem(null);
    try {
      await remove.mutateAsync(t.id);
      if (editing === t.id) reset();
      setDone(`Deleted ${t.name}’s testimonial.`);
    } catch (err) {
      setProblem(reasonOf(err));
    }
  }

  return (
    <div className="testimonials-panel">
      <p>A country’s landing shows its testimonials under “From people who took part”, and no section when it has none. Add one only once the person has agreed to be quoted.</p>
      {list.isError && <Alert>{reasonOf(list.error)}</Alert>}
      {list.data && list.data.length === 0 && <p>No testimonials yet: the landing shows none.</p>}
      {list.data && list.data.length > 0 && (
        <TableBox label="Testimonials">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Country</th>
                <th scope="col">Quote</th>
                <th scope="col">Consent given</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((t) => (
                <tr key={t.id}>
                  <th scope="row">{t.name}</th>
                  <td>{COUNTRIES[t.country].name}</td>
                  <td>{t.quote}</td>
                  <td>{t.consented_on}</td>
                  <td>
                    <div className="admin-row-actions">
                      <button type="button" className="button admin-small" onClick={() => startEdit(t)} aria-label={`Edit ${t.name}’s testimonial`}>
                        Edit
                      </button>
                      <button type="button" className="button admin-small secondary" disabled={remove.isPending} onClick={() => void onDelete(t)} aria-label={`Delete ${t.name}’s testimonial`}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      <form onSubmit={onSubmit} noValidate aria-label={editing === null ? 'Add a testimonial' : 'Edit the testimonial'} className="admin-form">
        <h2>{editing === null ? 'Add a testimonial' : 'Edit the testimonial'}</h2>
        <TextField label="Name" hint="As the person wants to be named, e.g. “Hana K.”" value={draft.name} maxLength={TESTIMONIAL_NAME_MAX} error={problems.name} onChange={(e) => set('name', e.target.value)} />
        <SelectField label="Country" value={draft.country} error={problems.country} onChange={(e) => set('country', e.target.value as CountryCode)}>
          {COUNTRY_CODES.map((c) => (
            <option key={c} value={c}>
              {COUNTRIES[c].name}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Quote"
          hint={`Their words, at most ${TESTIMONIAL_QUOTE_MAX} characters (${draft.quote.length} so far)`}
          rows={4}
          maxLength={TESTIMONIAL_QUOTE_MAX}
          value={draft.quote}
          error={problems.quote}
          onChange={(e) => set('quote', e.target.value)}
        />
        <CheckboxField label="The person agreed to be quoted" checked={draft.consent} error={problems.consent} onChange={(e) => set('consent', e.target.checked)} />
        <TextField label="Date of consent" type="date" value={draft.consented_on} error={problems.consented_on} onChange={(e) => set('consented_on', e.target.value)} />
        {problem && <Alert>{problem}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
        <div className="admin-row-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {editing === null ? 'Add the testimonial' : 'Save the testimonial'}
          </button>
          {editing !== null && (
            <button type="button" className="button secondary" onClick={reset}>
              Cancel
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
