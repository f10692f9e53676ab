/**
 * A node:test reporter beside the spec reporter: at the end of a run, the test files that took
 * longest (their top-level suites' durations added up), so a file that grows slow is seen.
 */
import path from 'node:path';

/** @param {AsyncIterable<{ type: string, data: { nesting?: number, file?: string, details?: { duration_ms?: number } } }>} source */
export default async function* slowestFiles(source) {
  /** @type {Map<string, number>} */
  const byFile = new Map();
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0) continue;
    const file = event.data.file ? path.relative(process.cwd(), event.data.file) : '(unknown)';
    byFile.set(file, (byFile.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
  }
  const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
  yield '\nSlowest test files:\n';
  for (const [file, ms] of slowest) yield `${(ms / 1000).toFixed(1).padStart(8)} s  ${file}\n`;
}
