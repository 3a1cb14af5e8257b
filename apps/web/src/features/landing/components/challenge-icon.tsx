/** One of the six challenge icons shipped in /icons (names come from the API's *_icon fields). */
export function ChallengeIcon({ name, size = 48 }: { name: string; size?: number }) {
  // Only plain names reach the URL, so an odd value can never point elsewhere.
  const safe = /^[a-z0-9-]+$/.test(name) ? name : 'coffee';
  return <img className="challenge-icon" src={`/icons/${safe}.svg`} alt="" width={size} height={size} />;
}

