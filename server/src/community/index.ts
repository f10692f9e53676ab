/** What other features may use of the community's signal (votes, flags, site-wide budgets). */
export { castVote, DisputesHeld, flagsReachAutoHide, siteBudgets } from './community.service.ts';
