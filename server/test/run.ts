/**
 * `npm test`: the test files named on the command line (`npm test -- server/test/routing/route.test.ts`),
 * or all of them, under node's test runner, with the statement coverage of `server/src` from c8.
 * A whole run fails below COVERAGE_FLOOR; a run of some files only reports.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
// @ts-expect-error a reporter written in JavaScript, without types
import slowestFiles from './slowest-files.mjs';

/**
 * Statement coverage of server/src measured here: 97.2 % on PostgreSQL and Redis (as CI runs),
 * 95.6 % on embedded storage (the PostgreSQL-only tests skip).
 */
const COVERAGE_FLOOR = 94;
/** The longest files start first, so no long one is left running alone at the end. */
const SLOW_FIRST = [
  'web/test/map-ux.test.ts',
  'web/test/map-page.test.ts',
  'server/test/cli/admin-cli.test.ts',
  'server/test/fuzz-mod.test.ts',
  'server/test/fuzz.test.ts',
  'web/test/moderate-page.test.ts',
  'server/test/search/search.test.ts',
  'server/test/spots/clusters.test.ts',
  'server/test/db/storage.test.ts',
];
const ALL = [
  ...SLOW_FIRST,
  ...['server/test', 'web/test'].flatMap((dir) =>
    (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => `${dir}/${f}`)
      .filter((f) => !SLOW_FIRST.includes(f)),
  ),
];

const INSIDE = '--inside-c8';

if (process.argv[2] === INSIDE) {
  // Under c8: node's run() takes the files in the order given (`node --test` sorts them by name,
  // which started the two browser files last and left the third running alone at the end).
  const stream = run({ files: process.argv.slice(3), concurrency: 2 });
  stream.on('test:fail', (event) => {
    if (!event.todo) process.exitCode = 1;
  });
  stream.compose(spec).pipe(process.stdout);
  stream.compose(slowestFiles).pipe(process.stdout);
} else {
  const files = process.argv.slice(2);
  const c8 = [
    'c8',
    '--all',
    '--include=server/src/**',
    '--reporter=text-summary',
    ...(files.length ? [] : ['--check-coverage', `--statements=${COVERAGE_FLOOR}`]),
  ];
  const child = spawnSync(
    'npx',
    [...c8, process.execPath, import.meta.filename, INSIDE, ...(files.length ? files : ALL)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(child.status ?? 1);
}
