/** The six challenges' illustrations, drawn for Uplift, shipped in /illustrations beside the icons. */
export const ILLUSTRATED = ['coffee', 'takeaway', 'lunch', 'gym', 'streaming', 'commute'] as const;

/**
 * A challenge's illustration (decorative: the words beside it say what it shows), or nothing for an
 * icon without one. Not lazy means it is in the first screen (a participant's page, where it is the
 * largest paint on a phone): it is fetched first (decision 174).
 */
export function ChallengeIllustration({ name, width = 240, lazy = true }: { name: string; width?: number; lazy?: boolean }) {
  if (!(ILLUSTRATED as readonly string[]).includes(name)) return null;
  return (
    <img
      className="challenge-illustration"
      src={`/illustrations/${name}.svg`}
      alt=""
      width={width}
      height={Math.round((width * 3) / 4)}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={lazy ? undefined : 'high'}
      decoding="async"
    />
  );
}
