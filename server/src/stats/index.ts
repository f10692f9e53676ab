/** The statistics' public module: the counts the site shows (GET /api/stats). */
export { siteStats } from './stats.service.ts';
