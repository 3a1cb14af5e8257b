import type { RecipientPhoto } from '@uplift/core/schemas/recipient';

// The same few lines as features/landing/components/charity-story.tsx, on purpose: one shared module
// would be a chunk of its own that the landing page's entry names among its preloads, and that
// entry is at its budget (e2e/specs/performance-budget.spec.ts). Change both together.

/**
 * A charity's story (docs/decisions/129-charity-photos-and-stories.md): plain text, shown as text
 * (never as markup); a blank line starts a new paragraph, a single line break stays a line break.
 */
export function CharityStory({ story, className }: { story: string; className?: string }) {
  const paragraphs = story
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (paragraphs.length === 0) return null;
  return (
    <div className={`charity-story${className ? ` ${className}` : ''}`}>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

/** A charity's photo in the cards' size: its description for screen readers, its proportions reserved, loaded when near. */
export function CharityPhoto({ photo, className }: { photo: RecipientPhoto; className: string }) {
  return <img className={className} src={photo.card_url} alt={photo.alt} width={photo.width} height={photo.height} loading="lazy" decoding="async" />;
}
