import type { ChargeRequest, ChargeResult, PaymentProvider } from '../../modules/payments/payment-provider.ts';

// The money model test's card provider for a billing run (docs/testing.md "The money model test",
// row (a)): the app's own provider, but the charges billing asks for side by side are answered in a
// shuffled order, seeded, as a real provider's answers come back in any order. Without it the test
// provider answers the charge asked first first, so a run that charged a pledge's weeks side by side
// (the defect decision 145 fixed) still numbered and recorded them in date order and was never found.
// Only the model test wraps its provider; the app's providers are untouched.

/** How long no new charge must come before the held answers are given back (the burst is over). */
const QUIET_MS = 8;
/** Between two answers given back: time for the first one's outcome statement to be sent. */
const GAP_MS = 4;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A small seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same order. */
export function seeded(seed: number): () => number {
  // Spread first: small neighbouring seeds (1, 2, 3…) would otherwise start alike.
  let a = Math.imul(seed, 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `provider` with `charge` answering in a shuffled order: each charge is made with the provider at
 * once; its answer is held until no other charge has been asked for QUIET_MS and every held charge
 * has its answer, then the held answers are given back one at a time, GAP_MS apart, in an order
 * drawn from `seed`. Every other method is the provider's own.
 */
export function answeringShuffled(provider: PaymentProvider, seed: number): PaymentProvider {
  const random = seeded(seed);
  type Held = { answer: Promise<ChargeResult>; give: () => void };
  let held: Held[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    const burst = held;
    held = [];
    await Promise.allSettled(burst.map((h) => h.answer));
    for (let i = burst.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [burst[i], burst[j]] = [burst[j]!, burst[i]!];
    }
    for (const h of burst) {
      h.give();
      await sleep(GAP_MS);
    }
  };
  const shuffled: PaymentProvider = Object.create(provider);
  shuffled.charge = (request: ChargeRequest) =>
    new Promise<ChargeResult>((resolve, reject) => {
      const answer = provider.charge(request);
      answer.catch(() => undefined); // handled when given back; not an unhandled rejection meanwhile
      held.push({ answer, give: () => void answer.then(resolve, reject) });
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), QUIET_MS);
    });
  return shuffled;
}
