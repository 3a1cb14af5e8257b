// Line icons for the six challenges, drawn here so the wizard needs no image files.
// Decorative: the challenge's name is always written beside them.

const PATHS: Record<string, string> = {
  coffee: 'M8 20h22v10a8 8 0 0 1-8 8h-6a8 8 0 0 1-8-8z M30 23h3a4 4 0 0 1 0 8h-3 M14 8c0 3 3 3 3 6 M20 8c0 3 3 3 3 6 M6 42h28',
  takeaway: 'M10 18h28l-3 22H13z M16 18l2-8h12l2 8 M18 26h12',
  lunch: 'M6 26h36a18 12 0 0 1-36 0z M10 26c2-8 8-12 14-12s12 4 14 12 M24 10v4',
  gym: 'M4 24h40 M10 16v16 M16 12v24 M32 12v24 M38 16v16',
  streaming: 'M6 10h36v24H6z M18 40h12 M24 34v6 M21 16v12l10-6z',
  commute: 'M8 30V22l5-9h22l5 9v8z M8 30v5h5v-5 M35 30v5h5v-5 M12 22h24 M14 26h2 M32 26h2',
};

export function ChallengeIcon({ icon, size = 48 }: { icon: string; size?: number }) {
  const d = PATHS[icon] ?? PATHS.coffee;
  return (
    <svg className="challenge-icon" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
