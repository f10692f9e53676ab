import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { NO_REPORT_BUDGETS } from '../abuse/attacks.ts';
import { report } from '../test/factories.ts';
import { startServer, stop } from '../test/processes.ts';

/**
 * An acknowledged write is on disk before its answer leaves: the embedded server runs under strace,
 * takes reports and votes one after another, and its system calls are read in order. Every answer
 * must come after the fsync of every write to the write-ahead log before it. With PostgreSQL's fsync
 * off (PGlite's default) no WAL write is ever synced, and this fails.
 */

/** What the trace says, in order: WAL written, WAL synced, an answer sent. */
type Event = { kind: 'wal-write' | 'wal-sync' | 'answer'; line: number; status?: string };

/** Reads strace -f -yy output: a call may be split into "unfinished" and "resumed" lines of one thread. */
function eventsOf(trace: string): Event[] {
  const events: Event[] = [];
  const pendingSync = new Set<string>();
  trace.split('\n').forEach((text, line) => {
    const pid = text.split(' ', 1)[0] as string;
    if (/pwrite64\(\d+<[^>]*\/pg_wal\//.test(text) || /write\(\d+<[^>]*\/pg_wal\//.test(text))
      events.push({ kind: 'wal-write', line });
    else if (/fsync\(\d+<[^>]*\/pg_wal/.test(text)) {
      if (text.includes('<unfinished')) pendingSync.add(pid);
      else if (/= 0$/.test(text)) events.push({ kind: 'wal-sync', line });
    } else if (text.includes('<... fsync resumed>') && pendingSync.delete(pid) && /= 0$/.test(text))
      events.push({ kind: 'wal-sync', line });
    else {
      const answer = /writev?\(\d+<TCP:\[[^\]]*\]>, .*"HTTP\/1\.1 (\d{3})/.exec(text);
      if (answer) events.push({ kind: 'answer', line, status: answer[1] });
    }
  });
  return events;
}

describe('acknowledged writes on embedded storage', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hatari-durable-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('are synced to disk before their answers leave (traced)', async () => {
    const trace = path.join(dir, 'trace.log');
    const server = await startServer(
      { DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn', ...NO_REPORT_BUDGETS },
      undefined,
      { wrap: ['strace', '-f', '-yy', '-s', '24', '-e', 'trace=pwrite64,write,writev,fsync', '-o', trace] },
    );
    let writes = 0;
    try {
      for (let i = 0; i < 20; i++) {
        const made = await fetch(`${server.url}/api/spots`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': `durable reporter ${i}` },
          body: JSON.stringify(report({ title: `Durable report ${i}` })),
        });
        assert.equal(made.status, 201);
        const { spot } = (await made.json()) as { spot: { id: number } };
        const voted = await fetch(`${server.url}/api/spots/${spot.id}/vote`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': `durable voter ${i}` },
          body: JSON.stringify({ value: 1 }),
        });
        assert.equal(voted.status, 200);
        await voted.arrayBuffer();
        writes += 2;
      }
    } finally {
      // strace detaches when stopped: the server under it is stopped itself, then strace ends.
      spawnSync('pkill', ['-TERM', '-P', String(server.proc.pid)]);
      await stop(server.proc);
    }
    const events = eventsOf(readFileSync(trace, 'utf8'));
    const answers = events.filter((e) => e.kind === 'answer' && (e.status === '201' || e.status === '200'));
    assert.ok(answers.length >= writes, `the trace holds the ${writes} answers (${answers.length})`);
    // Walking the trace: no answer leaves while a WAL write waits for its sync.
    let unsynced: Event | undefined;
    let early = 0;
    for (const e of events) {
      if (e.kind === 'wal-write') unsynced ??= e;
      else if (e.kind === 'wal-sync') unsynced = undefined;
      else if (unsynced && (e.status === '201' || e.status === '200')) early++;
    }
    const syncs = events.filter((e) => e.kind === 'wal-sync').length;
    console.log(`durability figures: ${JSON.stringify({ writes, syncs, answeredBeforeSync: early })}`);
    assert.equal(early, 0, 'no write is acknowledged before its WAL is synced');
    assert.ok(syncs >= writes, `one WAL sync a commit at least (${syncs} for ${writes})`);
  });
});
