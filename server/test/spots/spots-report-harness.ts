import { after, before } from 'node:test';
import { startTestApp, type TestApp } from '../test-app.ts';

/** What the report tests share (spots-report*.test.ts): an app, posting a report, and counting the spots stored. */
export let t: TestApp;

export const post = (body: unknown, headers: Record<string, string> = {}) =>
  t.inject({
    method: 'POST',
    url: '/api/spots',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

export const countSpots = async () =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spots'))[0]?.n;

/** Starts the suite's app before its tests, and stops it after. */
export function useReportApp() {
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());
}
