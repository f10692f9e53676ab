/**
 * What other features may use of earned trust (docs/api.md, "Earned trust"): standing, the newcomer
 * report budgets and the held reports' alarm.
 */
export { heldReportIds, heldReports, newcomerReportsInHour } from './held-reports.ts';
export { siteReportBudget } from './publication.ts';
/** The newcomer budgets' rule and the report's event, for a report's database function (spots/report.sql.ts). */
export { newcomerHoldBlock, reportEventStatement } from './report-budgets.sql.ts';
/** The agreement rule's statement, for a vote's database function (community/vote.sql.ts). */
export { agreement } from './standing.sql.ts';
export {
  type Actor,
  moderatorAgreed,
  regionDay,
  reportRejected,
  Standing,
  visitorsLoseStanding,
} from './standing.ts';
