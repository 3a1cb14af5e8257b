import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode, totpStep } from './totp.ts';

// RFC 6238 codes of 30-second steps (docs/decisions/077). Accepted: the current step's code and
// the previous one's (typed as it changed); never the next step's, so a code lives 30 to 60
// seconds, not about 90 (docs/decisions/123).

const secret = newTotpSecret();
const STEP_MS = 30_000;
// 15 seconds into step 59,000,000 (a moment well inside one step).
const now = new Date(59_000_000 * STEP_MS + 15_000);
const shifted = (steps: number) => new Date(now.getTime() + steps * STEP_MS);

describe('totpStep', () => {
  it("accepts the current step's code and the previous step's, and answers which step it was", () => {
    expect(totpStep(secret, totpCode(secret, now), now)).toBe(59_000_000);
    expect(totpStep(secret, totpCode(secret, shifted(-1)), now)).toBe(59_000_000 - 1);
  });

  it("refuses the next step's code (a phone clock ahead, or a code made in advance) and older ones", () => {
    for (const steps of [1, 2, -2]) {
      const code = totpCode(secret, shifted(steps));
      // Six digits can repeat across steps; only compare when they differ from the accepted ones.
      if (code !== totpCode(secret, now) && code !== totpCode(secret, shifted(-1))) expect(totpStep(secret, code, now), `step ${steps}`).toBeUndefined();
    }
  });

  it('refuses anything but six digits', () => {
    expect(totpStep(secret, totpCode(secret, now).slice(1), now)).toBeUndefined();
    expect(totpStep(secret, 'abcdef', now)).toBeUndefined();
  });
});
