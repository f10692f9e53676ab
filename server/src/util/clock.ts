/**
 * The one clock the app reads the time of its rules from (standing's days, the newcomer budgets'
 * hours): tests move it instead of waiting. Passed in deps, never read from a module.
 */
export interface Clock {
  now(): Date;
  /** Waits `ms` by this clock: the system's sets a timer, a test's moves itself on. */
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
