/**
 * The one clock the app reads the time of its rules from (standing's days, the newcomer budgets'
 * hours): tests move it instead of waiting. Passed in deps, never read from a module.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
