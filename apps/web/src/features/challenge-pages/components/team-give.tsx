import type { CountryCode } from '@uplift/core/countries';
import type { PublicMatch } from '@uplift/core/schemas/match';
import type { PublicTeamData } from '@uplift/core/schemas/challenge-pages';
import { useId, useState } from 'react';
import { GiftFormAfterStart } from '../gift-form/gift-form-after-start';

/** The members a friend can give to from the team's page: those whose page is public, the captain first. */
export function giftableMembers(members: PublicTeamData['members']): { slug: string; name: string; captain: boolean }[] {
  const listed = members.flatMap((m) => (m.slug ? [{ slug: m.slug, name: m.display_name, captain: m.captain }] : []));
  return [...listed.filter((m) => m.captain), ...listed.filter((m) => !m.captain)];
}

/**
 * A gift from a team's page (docs/decisions/165): a team has no money of its own, so the gift goes to
 * one member's page, the captain's unless the friend picks another member; it counts in the team's
 * total as every gift to a member's page does. The gift form is the page's own (lazy, after start).
 */
export function TeamGive({
  teamName,
  members,
  country,
  match,
  onGiven,
}: {
  teamName: string;
  members: ReturnType<typeof giftableMembers>;
  country: CountryCode;
  match: PublicMatch | null;
  onGiven: () => void;
}) {
  const [slug, setSlug] = useState(members[0]?.slug ?? '');
  const pickId = useId();
  const chosen = members.find((m) => m.slug === slug) ?? members[0];
  if (!chosen) return null;
  return (
    <aside id="give" tabIndex={-1} className="card cp-give cp-team-give" aria-label={`Give to team ${teamName}`}>
      {members.length > 1 ? (
        <div className="field">
          <label htmlFor={pickId}>Whose challenge would you like to back?</label>
          <select id={pickId} value={chosen.slug} onChange={(e) => setSlug(e.target.value)}>
            {members.map((m) => (
              <option key={m.slug} value={m.slug}>
                {m.captain ? `${m.name} (captain)` : m.name}
              </option>
            ))}
          </select>
          <p className="field-hint">Your gift goes to their challenge page and counts in the team’s total.</p>
        </div>
      ) : (
        <p className="cp-muted">Your gift goes to {chosen.name}’s challenge page and counts in the team’s total.</p>
      )}
      <GiftFormAfterStart key={chosen.slug} slug={chosen.slug} country={country} participantName={chosen.name} match={match} onGiven={onGiven} />
    </aside>
  );
}
