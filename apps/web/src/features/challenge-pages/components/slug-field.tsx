import { normaliseSlug, slugProblem } from '@uplift/core/slug';
import { useEffect, useState } from 'react';
import { TextField } from '../../../components/field';
import { checkSlug } from '../api/pages';

type Status = { state: 'idle' | 'checking' | 'ok' | 'bad'; message?: string };

/**
 * An address field checked as it is typed (docs/decisions/142): the rule first, in the browser,
 * then GET /api/pages/slug-available, so "That address is taken" shows before saving.
 */
export function SlugField(props: { kind: 'page' | 'team'; value: string; onChange: (slug: string) => void; current?: string; error?: string | undefined; label?: string }) {
  const { kind, value, onChange, current } = props;
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  useEffect(() => {
    const slug = normaliseSlug(value);
    if (!slug || slug === current) {
      setStatus({ state: 'idle' });
      return;
    }
    const problem = slugProblem(slug);
    if (problem) {
      setStatus({ state: 'bad', message: problem });
      return;
    }
    setStatus({ state: 'checking' });
    const timer = setTimeout(() => {
      checkSlug(kind, slug)
        .then((r) => setStatus(r.available ? { state: 'ok', message: 'That address is free' } : { state: 'bad', message: r.message ?? 'That address is taken' }))
        .catch(() => setStatus({ state: 'idle' }));
    }, 300);
    return () => clearTimeout(timer);
  }, [kind, value, current]);

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
