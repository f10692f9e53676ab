import type { Queryable } from '../db/db.ts';
import { BASELINE_TIMES, medianHour } from './report-budgets.sql.ts';

/**
 * The site-wide newcomer budget in force at `at`: the setting, or three times the week's median hour
 * if larger (a report's database function applies the same rule: newcomerHoldBlock).
 */
export async function siteReportBudget(db: Queryable, perHour: number, at: Date): Promise<number> {
  return perHour ? Math.max(perHour, BASELINE_TIMES * (await medianHour(db, at))) : 0;
}
