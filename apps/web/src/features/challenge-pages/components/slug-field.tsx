import { normaliseSlug, slugProblem } from '@uplift/core/slug';
import { useEffect, useState } from 'react';
import { TextField } from '../../../components/field';
import { checkSlug } from '../api/pages';

type Status = { state: 'idle' | 'checking' | 'ok' | 'bad'; message?: string };

type Checked = { slug: string; available: boolean; message?: string | undefined };

/**
 * An address field checked as it is typed (docs/decisions/142): the rule first, in the browser,
 * then GET /api/pages/slug-available, so "That address is taken" shows before saving.
 */
export function SlugField(props: { kind: 'page' | 'team'; value: string; onChange: (slug: string) => void; current?: string; error?: string | undefined; label?: string }) {
  const { kind, value, onChange, current } = props;
  const slug = normaliseSlug(value);
  const unchanged = !slug || slug === current;
  const problem = unchanged ? undefined : slugProblem(slug);
  const [checked, setChecked] = useState<Checked | undefined>(undefined);
  useEffect(() => {
    if (unchanged || problem) return;
    let live = true;
    const timer = setTimeout(() => {
      checkSlug(kind, slug)
        .then((r) => live && setChecked({ slug, available: r.available, message: r.message }))
        .catch(() => undefined);
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, slug, unchanged, problem]);

  const answer = checked?.slug === slug ? checked : undefined;
  const status: Status =
    unchanged ? { state: 'idle' } : problem ? { state: 'bad', message: problem } : !answer ? { state: 'checking' } : answer.available ? { state: 'ok', message: 'That address is free' } : { state: 'bad', message: answer.message ?? 'That address is taken' };

  const prefix = kind === 'page' ? '/p/' : '/t/';
  return (
    <div>
      <TextField
        label={props.label ?? (kind === 'page' ? 'Your page’s address' : 'The team’s address')}
        hint={`3 to 40 lowercase letters, digits and hyphens: ${prefix}${normaliseSlug(value) || 'your-name'}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={40}
        error={props.error ?? (status.state === 'bad' ? status.message : undefined)}
      />
      <p className="cp-slug-status" aria-live="polite">
        {status.state === 'checking' ? 'Checking…' : status.state === 'ok' ? status.message : ''}
      </p>
    </div>
  );
}
