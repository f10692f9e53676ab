/**
 * `npm test`: the test files named on the command line (`npm test -- server/test/routing/route.test.ts`),
 * or all of them, under node's test runner, with the statement coverage of `server/src` from c8.
 * A whole run fails below COVERAGE_FLOOR; a run of some files only reports.
 *
 * The files run in two long-lived test processes ("lanes"), one file at a time each, the longest
 * first, each file given to whichever lane is free. A file runs in its lane through node's `run()`
 * without a process of its own (`isolation: 'none'`): a process per file paid for loading the app's
 * modules (0.7 s of CPU) and for a new embedded database (about 3 s of CPU) every time, which was
 * most of what a run cost on two cores; a lane loads the modules once and reuses its databases
 * (test-db.ts). Each file's results are printed together when it ends, through the spec reporter.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { inspect } from 'node:util';
// @ts-expect-error a reporter written in JavaScript, without types
import slowestFiles from './slowest-files.mjs';

/**
 * Statement coverage of server/src measured here: 97.2 % on PostgreSQL and Redis (as CI runs),
 * 95.6 % on embedded storage (the PostgreSQL-only tests skip).
 */
const COVERAGE_FLOOR = 94;
/**
 * The two cores of the machines this runs on. With Chromium's processes counted, the cores are busy
 * about 85 % of a run (docs/testing.md), and more lanes did not make it shorter: three gave 267 to
 * 296 s against 288 to 293 s with two (quiet machine, embedded storage), four (two for browser
 * files, two for the rest) 309 s against 307 s, the database's files taking twice as long beside
 * two browsers, whose timeouts then run closer.
 */
const LANES = 2;
/**
 * The longest files start first, so no long one is left running alone at the end: a browser's file
 * beside a busy database's, since a browser's waits leave room for the other. Their durations of a
 * quiet run are in the slowest-files report at the end of `npm test`.
 */
const SLOW_FIRST = [
  'web/test/map-scale.test.ts',
  'server/test/db/backups.test.ts',
  'web/test/map-ux.test.ts',
  'server/test/db/storage.test.ts',
  'web/test/map-ux-scale.test.ts',
  'server/test/fuzz-mod.test.ts',
  'web/test/moderate-page.test.ts',
  'web/test/map-flows.test.ts',
  'server/test/fuzz.test.ts',
  'web/test/map-ux-touch.test.ts',
  'server/test/moderation/sign-in.test.ts',
  'web/test/map-page.test.ts',
  'server/test/cli/admin-cli.test.ts',
  'web/test/live.test.ts',
  'server/test/routing/route.test.ts',
];
/** Then the other browser files, then the rest: the last files to end are short ones. */
const ALL = [
  ...SLOW_FIRST,
  ...['web/test', 'server/test'].flatMap((dir) =>
    (readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => `${dir}/${f}`)
      .filter((f) => !SLOW_FIRST.includes(f)),
  ),
];

const INSIDE = '--inside-c8';
const LANE = '--lane';
/**
 * A file that runs longer fails, its lane killed and a new one taking the files left: a test waiting
 * for ever (a stream never closed) once held a lane, and the whole run, until it was killed by hand.
 * The longest files (the fuzzers') take under 5 minutes on a loaded machine.
 */
const FILE_TIMEOUT_MS = 15 * 60_000;

/** A test runner's event, as `run()` streams it. */
interface TestEvent {
  type: string;
  data: {
    nesting?: number;
    name?: string;
    file?: string;
    message?: string;
    todo?: unknown;
    counts?: Record<string, number>;
    details?: { error?: unknown };
  };
}
/**
 * What a lane sends: a test event, or that its file ended, with the CPU time the lane spent on it
 * (its database workers' included; a browser's processes are not the lane's).
 */
type FromLane = TestEvent | { type: 'lane:file-done'; file: string; cpuMs: number };

/** An error as plain fields (its cause too), to cross to the coordinating process intact. */
function plainError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const fields: Record<string, unknown> = { name: err.name, message: err.message, stack: err.stack };
  for (const [key, value] of Object.entries(err)) {
    try {
      fields[key] = structuredClone(value);
    } catch {
      fields[key] = inspect(value);
    }
  }
  if (err.cause !== undefined) fields.cause = plainError(err.cause);
  return { plainError: fields };
}

function revive(value: unknown): unknown {
  if (!value || typeof value !== 'object' || !('plainError' in value)) return value;
  const { name, message, stack, cause, ...rest } = value.plainError as Record<string, unknown>;
  const err = Object.assign(new Error(String(message)), rest, { name, stack });
  if (cause !== undefined) err.cause = revive(cause);
  return err;
}

const TOP_LEVEL_HOOK = /^(before|after|beforeEach|afterEach)\(/m;

/** A lane: runs each file the coordinator sends, in this process, and sends back its events. */
function lane() {
  const send = (m: FromLane) => process.send?.(m);
  process.on('message', async (file: string) => {
    const cpu = process.cpuUsage();
    const done = () => {
      const used = process.cpuUsage(cpu);
      send({ type: 'lane:file-done', file, cpuMs: (used.user + used.system) / 1000 });
    };
    // A hook outside any suite belongs to the run, not the file: node runs it after the run has
    // reported its end, while the lane has gone on to its next file.
    if (TOP_LEVEL_HOOK.test(readFileSync(file, 'utf8'))) {
      const error = plainError(
        new Error('a before/after hook outside any describe: put the file in a describe'),
      );
      send({ type: 'test:fail', data: { nesting: 0, name: path.basename(file), file, details: { error } } });
      send({ type: 'test:summary', data: { counts: { tests: 1, failed: 1 } } });
      return done();
    }
    const stream = run({ files: [file], isolation: 'none' });
    // Without a process of its own a run ends at 'beforeExit', which never comes while this lane
    // waits for its next file (nodejs/node#57234): it is emitted once every test has completed.
    let pending = 0;
    stream.on('test:enqueue', () => pending++);
    stream.on('test:complete', () => {
      if (--pending === 0) setImmediate(() => process.emit('beforeExit', 0));
    });
    for await (const event of stream as AsyncIterable<TestEvent>) {
      const error = event.data.details?.error;
      if (error) event.data.details = { ...event.data.details, error: plainError(error) };
      send(event);
    }
    done();
  });
  // The coordinator lets go when no file is left: exit even if a test left a handle open.
  process.on('disconnect', () => process.exit());
}

/** The counts node's runner prints at the end of a run, in its order. */
const COUNTS: [label: string, key: string][] = [
  ['tests', 'tests'],
  ['suites', 'suites'],
  ['pass', 'passed'],
  ['fail', 'failed'],
  ['cancelled', 'cancelled'],
  ['skipped', 'skipped'],
  ['todo', 'todo'],
];
const RUN_DIAGNOSTIC = /^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /;

/** Hands the files to the lanes and reports their events as one run. */
function coordinate(files: string[]) {
  const started = performance.now();
  const queue = files.map((f) => path.resolve(f));
  const events = new PassThrough({ objectMode: true });
  events.compose(spec).pipe(process.stdout);
  events.compose(slowestFiles).pipe(process.stdout);
  const totals = new Map<string, number>();
  let running = 0;

  const finish = () => {
    for (const [label, key] of COUNTS) {
      events.write({
        type: 'test:diagnostic',
        data: { nesting: 0, message: `${label} ${totals.get(key) ?? 0}` },
      });
    }
    const ms = performance.now() - started;
    events.write({ type: 'test:diagnostic', data: { nesting: 0, message: `duration_ms ${ms}` } });
    events.end();
  };

  const startLane = () => {
    running++;
    const child: ChildProcess = fork(import.meta.filename, [LANE], {
      serialization: 'advanced',
      // The browser files of a lane share one Chromium (web/test/browser.ts).
      env: { ...process.env, HATARI_TEST_LANE: '1' },
    });
    let file: string | undefined;
    let buffered: TestEvent[] = [];
    let watchdog: NodeJS.Timeout | undefined;
    let timedOut = false;
    const next = () => {
      file = queue.shift();
      if (!file) return child.disconnect();
      child.send(file);
      watchdog = setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, FILE_TIMEOUT_MS);
    };
    child.on('message', (m: FromLane) => {
      if (m.type === 'lane:file-done') {
        clearTimeout(watchdog);
        for (const event of buffered) events.write(event);
        buffered = [];
        events.write(m);
        return next();
      }
      const event = m as TestEvent;
      if (event.type === 'test:summary') {
        for (const [key, n] of Object.entries(event.data.counts ?? {}))
          totals.set(key, (totals.get(key) ?? 0) + n);
        return;
      }
      if (
        event.type === 'test:diagnostic' &&
        event.data.nesting === 0 &&
        RUN_DIAGNOSTIC.test(event.data.message ?? '')
      )
        return;
      if (event.type === 'test:fail' && !event.data.todo) process.exitCode = 1;
      if (event.data.details?.error) event.data.details.error = revive(event.data.details.error);
      buffered.push(event);
    });
    child.on('exit', (code, signal) => {
      running--;
      clearTimeout(watchdog);
      if (file) {
        // The lane died inside a file (a crash, an exception after its tests): that file fails,
        // and a new lane takes the files left.
        process.exitCode = 1;
        for (const event of buffered) events.write(event);
        buffered = [];
        totals.set('failed', (totals.get('failed') ?? 0) + 1);
        events.write({
          type: 'test:fail',
          data: {
            nesting: 0,
            name: path.relative(process.cwd(), file),
            file,
            details: {
              error: new Error(
                timedOut
                  ? `the file ran longer than ${FILE_TIMEOUT_MS / 60_000} minutes: its test process was killed`
                  : `the test process exited (${code ?? signal}) while running this file`,
              ),
            },
          },
        });
        file = undefined;
        if (queue.length) startLane();
      }
      if (running === 0) finish();
    });
    next();
  };
  for (let i = 0; i < Math.min(LANES, queue.length); i++) startLane();
}

if (process.argv[2] === LANE) {
  lane();
} else if (process.argv[2] === INSIDE) {
  coordinate(process.argv.slice(3));
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
