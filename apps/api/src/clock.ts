/** The one source of "now", injected so tests can set the date. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(iso: string): Clock & { set: (iso: string) => void } {
  let current = new Date(iso);
  return { now: () => new Date(current), set: (next) => (current = new Date(next)) };
}

/** A clock that runs on in real time from `iso` (tests: a date where NZ and the UK differ). */
export function clockStartingAt(iso: string): Clock {
  const offset = Date.parse(iso) - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/**
 * The app's clock: the system clock, or with TEST_CLOCK_START (refused in production by
 * loadConfig) a clock running from that instant, so end-to-end tests can pick the day.
 */
export function clockFor(config: { isProduction: boolean; testClockStart: string | undefined }): Clock {
  return config.testClockStart && !config.isProduction ? clockStartingAt(config.testClockStart) : systemClock;
}
