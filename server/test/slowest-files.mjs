/**
 * A node:test reporter beside the spec reporter: at the end of a run, the test files that took
 * longest (their top-level suites' durations added up), so a file that grows slow is seen, with the
 * CPU time its lane spent on it (`lane:file-done`, server/test/run.ts): a browser's waits take time
 * but little of the lane's CPU, a database's work both.
 */
import path from 'node:path';

/** @param {AsyncIterable<{ type: string, file?: string, cpuMs?: number, data: { nesting?: number, file?: string, details?: { duration_ms?: number } } }>} source */
export default async function* slowestFiles(source) {
  /** @type {Map<string, number>} */
  const byFile = new Map();
  /** @type {Map<string, number>} */
  const cpu = new Map();
  let cpuTotal = 0;
  for await (const event of source) {
    if (event.type === 'lane:file-done') {
      cpu.set(path.relative(process.cwd(), event.file ?? ''), event.cpuMs ?? 0);
      cpuTotal += event.cpuMs ?? 0;
      continue;
    }
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0) continue;
    const file = event.data.file ? path.relative(process.cwd(), event.data.file) : '(unknown)';
    byFile.set(file, (byFile.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
  }
  const slowest = [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
  const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1).padStart(8)} s`;
  yield '\nSlowest test files (time, and the CPU time of their lane):\n';
  for (const [file, ms] of slowest) {
    yield `${seconds(ms)} ${cpu.has(file) ? seconds(cpu.get(file) ?? 0) : '         '}  ${file}\n`;
  }
  if (cpuTotal) yield `The lanes' CPU time in all: ${(cpuTotal / 1000).toFixed(0)} s\n`;
}
