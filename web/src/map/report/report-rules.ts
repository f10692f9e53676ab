/**
 * The server's report rules (common/report.ts) and Zod's mini build, in a chunk of their own: the
 * page loads it when a report is first written, so a first visit does not carry it
 * (report-draft.ts).
 */
export { safeParse } from 'zod/mini';
export { reportInput } from '../../../../common/report.ts';
