/**
 * `npm test`: the test files named on the command line (`npm test -- server/test/route.test.ts`),
 * or all of them, under node's test runner, with the statement coverage of `server/src` from c8.
 * A whole run fails below COVERAGE_FLOOR; a run of some files only reports.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

/** Statement coverage of server/src: 95.4 % on PostgreSQL and Redis, 93.6 % embedded. */
const COVERAGE_FLOOR = 93;
const ALL = ['server/test', 'web/test'].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `${dir}/${f}`),
);

const files = process.argv.slice(2);
const c8 = [
  'c8',
  '--all',
  '--include=server/src/**',
  '--reporter=text-summary',
  ...(files.length ? [] : ['--check-coverage', `--statements=${COVERAGE_FLOOR}`]),
];
const run = spawnSync(
  'npx',
  [
    ...c8,
    process.execPath,
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=2',
    '--test-reporter=spec',
    ...(files.length ? files : ALL),
  ],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
