/** What other features may use of the community's signal (votes, flags, site-wide budgets). */

export { castVote, DisputesHeld, siteBudgets } from './community.service.ts';
export { flagsReachAutoHide } from './community.sql.ts';
