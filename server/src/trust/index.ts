/**
 * What other features may use of earned trust (docs/api.md, "Earned trust"): standing, the newcomer
 * report budgets and the held reports' alarm.
 */
export { heldReportIds, heldReports, newcomerReportsInHour } from './held-reports.ts';
export { newcomerHold, recordReport, siteReportBudget } from './publication.ts';
export {
  type Actor,
  moderatorAgreed,
  regionDay,
  reportRejected,
  Standing,
  visitorsLoseStanding,
  voteAgreed,
} from './standing.ts';
