import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';
const scrape = (t: TestApp, authorization?: string) =>
  t.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('metrics (METRICS_TOKEN)', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN }, realLimits: true });
  });
  after(() => t.close());

  it('answers only the token, in the Prometheus text format', async () => {
    // On PostgreSQL the worker's lock is taken on a connection of its own, just after the start.
    for (let i = 0; i < 250 && !t.deps.worker.working; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal((await scrape(t)).statusCode, 401);
    assert.equal((await scrape(t, `Bearer ${TOKEN.replace('0123', '0124')}`)).statusCode, 401);
    const res = await scrape(t, `Bearer ${TOKEN}`);
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.equal(res.headers['cache-control'], 'no-store');
    for (const name of [
      'hatari_process_resident_memory_bytes',
      'hatari_nodejs_eventloop_lag_p99_seconds',
      'hatari_outbox_due 0',
      'hatari_outbox_oldest_due_seconds 0',
      'hatari_worker 1',
      'hatari_public_reads_waiting{cost="heavy"} 0',
      'hatari_route_checks_waiting 0',
      'hatari_exports_waiting 0',
      'hatari_share_cards_waiting 0',
      'hatari_db_waiting ',
    ])
      assert.ok(res.body.includes(name), name);
    assert.doesNotMatch(res.body, /^# TYPE \S+_total gauge$/m, 'no gauge named as a counter');
  });

  it('passes promtool check metrics, where Prometheus is installed (CI installs it)', async (c) => {
    const promtool = spawnSync('promtool', ['--version']);
    if (promtool.error) return c.skip('promtool is not installed');
    const res = await scrape(t, `Bearer ${TOKEN}`);
    const check = spawnSync('promtool', ['check', 'metrics'], { input: res.body, encoding: 'utf8' });
    assert.equal(check.status, 0, `${check.stdout}${check.stderr}`);
  });

  it('counts the read cache: a first read misses, the same read again hits', async () => {
    const count = async (name: string) =>
      Number(new RegExp(`^${name} (\\d+)$`, 'm').exec((await scrape(t, `Bearer ${TOKEN}`)).body)?.[1]);
    const [hits, misses] = [
      await count('hatari_read_cache_hits_total'),
      await count('hatari_read_cache_misses_total'),
    ];
    await t.inject({ method: 'POST', url: '/api/device', headers: { 'user-agent': 'cache reader' } });
    const read = () =>
      t.inject({ method: 'GET', url: '/api/stats', headers: { 'user-agent': 'cache reader' } });
    assert.equal((await read()).statusCode, 200);
    assert.equal((await read()).statusCode, 200);
    assert.equal(await count('hatari_read_cache_misses_total'), misses + 1);
    assert.equal(await count('hatari_read_cache_hits_total'), hits + 1);
  });

  it('counts requests by route pattern and status, times them, and names the policy that refused', async () => {
    const made = await t.inject({
      method: 'POST',
      url: '/api/spots',
      payload: report({ title: 'Metrics 0' }),
    });
    assert.equal(made.statusCode, 201, made.body);
    const id = made.json().spot.id;
    for (let i = 0; i < 2; i++)
      assert.equal((await t.inject({ method: 'GET', url: `/api/spots/${id}` })).statusCode, 200);
    await t.inject({ method: 'GET', url: '/api/spots/999999' });
    await t.inject({ method: 'GET', url: '/no/such/address' });
    // Six reports from one visitor: the sixth is refused by report_visitor (5 an hour).
    for (let i = 1; i < 6; i++)
      await t.inject({ method: 'POST', url: '/api/spots', payload: report({ title: `Metrics ${i}` }) });
    const body = (await scrape(t, `Bearer ${TOKEN}`)).body;
    assert.match(
      body,
      /^hatari_http_requests_total\{route="\/api\/spots\/:id",method="GET",status="200"\} 2$/m,
    );
    assert.match(
      body,
      /^hatari_http_requests_total\{route="\/api\/spots\/:id",method="GET",status="404"\} 1$/m,
    );
    assert.match(body, /^hatari_http_requests_total\{route="unmatched",method="GET",status="404"\} 1$/m);
    assert.match(body, /^hatari_http_requests_total\{route="\/api\/spots",method="POST",status="429"\} 1$/m);
    assert.match(body, /^hatari_rate_limit_refusals_total\{policy="report_visitor"\} 1$/m);
    assert.match(
      body,
      /^hatari_http_request_duration_seconds_count\{route="\/api\/spots\/:id",method="GET"\} 3$/m,
    );
    assert.doesNotMatch(body, /route="[^"]*(999999|no\/such)/, 'labels are patterns, never what was asked');
    // The dashboard in deploy/ charts only what is exported.
    const dashboard = readFileSync('deploy/grafana-dashboard.json', 'utf8');
    const charted = [...new Set(dashboard.match(/hatari_[a-z0-9_]+/g))];
    assert.ok(charted.length >= 7, `${charted.length} metrics charted`);
    assert.deepEqual(
      charted.filter((name) => !new RegExp(`^${name}[{ ]`, 'm').test(body)),
      [],
      'every charted metric is exported',
    );
  });

  it('has no address without a token', async () => {
    const plain = await startTestApp();
    try {
      assert.equal((await plain.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
    } finally {
      await plain.close();
    }
  });
});
