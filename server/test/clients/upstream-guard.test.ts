import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UpstreamError, UpstreamGuard } from '../../src/clients/http.ts';
import { NoRouteError, OsrmClient } from '../../src/clients/osrm.ts';
import { FakeOsrm } from '../fakes.ts';
import { TestClock } from '../test-app.ts';

const FROM = { lat: 0.37, lng: 32.57 };
const TO = { lat: 0.33, lng: 32.575 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * Until the fake service holds this many calls open, or 2,000 turns of 5 ms have gone (the assertions
 * after it then fail): on a loaded machine a fixed 50 ms wait was too short once in CI.
 */
async function untilOpen(service: FakeOsrm, n: number) {
  for (let turn = 0; turn < 2000 && service.open < n; turn++) await sleep(5);
}

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof UpstreamError) return err.reason;
    if (err instanceof NoRouteError) return 'no-route';
    throw err;
  }
}

describe('a map service behind its guard (circuit breaker and in-flight cap)', () => {
  const osrm = new FakeOsrm();
  let url: string;
  before(async () => {
    url = await osrm.start();
  });
  after(() => osrm.stop());

  /** The guards' clock: an open circuit's time passes when a test moves it. */
  const clock = new TestClock();
  const client = (opts = { maxInFlight: 3, failuresToOpen: 2, openMs: 300 }) => {
    const guard = new UpstreamGuard('routing', opts, clock);
    return { guard, osrm: new OsrmClient(url, 'Hatari test', { guard }) };
  };

  it('opens after failures in a row, refuses at once without asking, and closes after a good trial', async () => {
    osrm.reset();
    const { guard, osrm: c } = client();
    osrm.mode = 'down';
    assert.equal(await reason(c.route('car', [FROM, TO], true)), 'unreachable');
    osrm.mode = 'garbage';
    assert.equal(await reason(c.route('car', [FROM, TO], true)), 'garbage');
    assert.equal(guard.state, 'open');
    const asked = osrm.calls.length;
    // Refused without waiting: before even a 0 ms timer can fire (no socket, no timer on the way).
    let waited = false;
    const timer = setTimeout(() => {
      waited = true;
    }, 0);
    assert.equal(await reason(c.route('car', [FROM, TO], true)), 'open');
    clearTimeout(timer);
    assert.equal(waited, false, 'refused without waiting');
    assert.equal(osrm.calls.length, asked, 'the service was not asked');

    osrm.mode = 'ok';
    clock.advance(299);
    assert.equal(guard.state, 'open', 'open for the whole of openMs');
    assert.equal(await reason(c.route('car', [FROM, TO], true)), 'open');
    clock.advance(1);
    assert.equal(guard.state, 'half-open');
    assert.equal(await reason(c.route('car', [FROM, TO], true)), 'ok');
    assert.equal(guard.state, 'closed');
  });

  it('a failed trial opens the circuit again; only one trial goes out at a time', async () => {
    osrm.reset();
    const { guard, osrm: c } = client();
    osrm.mode = 'error';
    await reason(c.route('car', [FROM, TO], true));
    await reason(c.route('car', [FROM, TO], true));
    clock.advance(300);
    osrm.mode = 'hang';
    const before = osrm.calls.length;
    const trial = reason(c.route('car', [FROM, TO], true));
    await untilOpen(osrm, 1);
    assert.equal(await reason(c.route('car', [FROM, TO], true)), 'open', 'a second call waits for the trial');
    assert.equal(osrm.calls.length, before + 1);
    osrm.mode = 'error';
    // The hanging trial ends only by the client's own timeout; end it sooner by freeing the fake.
    await osrm.stop();
    url = await osrm.start();
    assert.equal(await trial, 'unreachable');
    assert.equal(guard.state, 'open');
  });

  it('caps the calls in flight: past the cap a call is refused as busy, not queued', async () => {
    osrm.reset();
    const { osrm: c } = client({ maxInFlight: 3, failuresToOpen: 100, openMs: 300 });
    osrm.mode = 'hang';
    const held = Array.from({ length: 3 }, (_, i) =>
      reason(c.route('car', [FROM, { lat: TO.lat + i / 1000, lng: TO.lng }], true)),
    );
    await untilOpen(osrm, 3);
    assert.equal(await reason(c.route('car', [FROM, TO], true)), 'busy');
    assert.equal(osrm.maxOpen, 3, 'never more than three open at the service');
    await osrm.stop();
    url = await osrm.start();
    assert.deepEqual(await Promise.all(held), ['unreachable', 'unreachable', 'unreachable']);
  });

  it('an answer of the service, such as no route, is a success and does not open the circuit', async () => {
    osrm.reset();
    const { guard, osrm: c } = client();
    osrm.noRoute = true;
    for (let i = 0; i < 4; i++) assert.equal(await reason(c.route('car', [FROM, TO], true)), 'no-route');
    osrm.noRoute = false;
    assert.equal(guard.state, 'closed');
    // Failures are counted in a row: an answer between two of them starts the count again.
    osrm.mode = 'error';
    await reason(c.route('car', [FROM, TO], true));
    osrm.mode = 'ok';
    osrm.noRoute = true;
    assert.equal(await reason(c.route('car', [FROM, TO], true)), 'no-route');
    osrm.noRoute = false;
    osrm.mode = 'error';
    await reason(c.route('car', [FROM, TO], true));
    assert.equal(guard.state, 'closed', 'two failures, but not in a row');
    await reason(c.route('car', [FROM, TO], true));
    assert.equal(guard.state, 'open', 'two in a row');
  });
});
