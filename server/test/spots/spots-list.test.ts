import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { givenSpot, report, type SpotState } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
const ids: Record<string, number> = {};

describe('spots/spots-list', () => {
  // A small map: ids recorded by name so each assertion names what a user would see.
  before(async () => {
    t = await startTestApp();
    const add = async (name: string, fields: Record<string, unknown>, state: SpotState = {}) => {
      ids[name] = await givenSpot(t, { ...state, fields });
    };
    await add('kampalaRobbery', {
      title: 'Kampala robbery',
      lat: 0.31,
      lng: 32.58,
      category: 'robbery',
      severity: 3,
    });
    await add(
      'kampalaMurder',
      {
        title: 'Kampala murder',
        lat: 0.32,
        lng: 32.59,
        category: 'murder',
        severity: 5,
      },
      { confirmations: 5 },
    );
    await add(
      'guluBoda',
      {
        title: 'Gulu boda gang',
        lat: 2.77,
        lng: 32.3,
        category: 'boda_gang',
        severity: 4,
      },
      { verified: true },
    );
    await add('mbararaOther', {
      title: 'Mbarara dark lane',
      lat: -0.61,
      lng: 30.65,
      category: 'other',
      severity: 1,
    });
    await add(
      'jinjaRobbery',
      {
        title: 'Jinja robbery',
        lat: 0.44,
        lng: 33.2,
        category: 'robbery',
        severity: 3,
      },
      { denials: 4 },
    );
    await add('oldOne', { title: 'An old report', lat: 0.35, lng: 32.6, category: 'stabbing', severity: 2 });
    const held = { title: 'Pending report', lat: 0.33, lng: 32.58, category: 'robbery', severity: 5 };
    await add('pendingOne', held, { publication: 'pending' });
    await add('rejectedOne', { ...held, title: 'Rejected report' }, { publication: 'rejected' });
    // A report's age is the one state no service makes: it is written here.
    await t.db.query(`UPDATE spots SET created_at = now() - interval '40 days' WHERE id = $1`, [ids.oldOne]);
  });
  after(() => t.close());

  const list = async (query = '') => {
    const res = await t.inject({ method: 'GET', url: `/api/spots${query}` });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as {
      spots: Array<{ id: number; severity: number; status: string }>;
      next_cursor?: string;
    };
  };
  const idsOf = (body: { spots: Array<{ id: number }> }) => body.spots.map((s) => s.id);

  describe('GET /api/spots', () => {
    it('lists public spots only, by severity descending then id descending', async () => {
      const body = await list();
      assert.deepEqual(idsOf(body), [
        ids.kampalaMurder,
        ids.guluBoda,
        ids.jinjaRobbery,
        ids.kampalaRobbery,
        ids.oldOne,
        ids.mbararaOther,
      ]);
      assert.equal(body.next_cursor, undefined);
    });

    it('filters by one category or a comma list', async () => {
      assert.deepEqual(idsOf(await list('?category=robbery')), [ids.jinjaRobbery, ids.kampalaRobbery]);
      assert.deepEqual(idsOf(await list('?category=murder,boda_gang')), [ids.kampalaMurder, ids.guluBoda]);
    });

    it('filters by days since reported', async () => {
      const recent = idsOf(await list('?since=30'));
      assert.equal(recent.includes(ids.oldOne as number), false, 'a spot of 40 days ago is past 30');
      assert.equal(recent.length, 5);
      assert.equal(idsOf(await list('?since=60')).includes(ids.oldOne as number), true, 'and within 60');
    });

    it('filters by bounding box (Kampala viewport)', async () => {
      assert.deepEqual(idsOf(await list('?bbox=32.5,0.25,32.65,0.4')), [
        ids.kampalaMurder,
        ids.kampalaRobbery,
        ids.oldOne,
      ]);
    });

    it('filters by community status and by verified', async () => {
      assert.deepEqual(idsOf(await list('?status=confirmed')), [ids.kampalaMurder]);
      assert.deepEqual(idsOf(await list('?status=disputed,confirmed')), [
        ids.kampalaMurder,
        ids.jinjaRobbery,
      ]);
      assert.deepEqual(idsOf(await list('?verified=1')), [ids.guluBoda]);
    });

    it('pages with limit and next_cursor without gaps or repeats', async () => {
      const all = idsOf(await list());
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
        assert.ok(page.spots.length <= 4, `a page of ${page.spots.length}`);
        seen.push(...idsOf(page));
        cursor = page.next_cursor;
      } while (cursor);
      assert.deepEqual(seen, all);
    });

    it('answers 304 to a matching If-None-Match, and a new ETag after a change', async () => {
      const first = await t.inject({ method: 'GET', url: '/api/spots' });
      const etag = first.headers.etag as string;
      assert.match(etag, /^(W\/)?"/);
      const again = await t.inject({ method: 'GET', url: '/api/spots', headers: { 'if-none-match': etag } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      await t.inject({ method: 'POST', url: '/api/spots', payload: report({ title: 'A new one' }) });
      const changed = await t.inject({
        method: 'GET',
        url: '/api/spots',
        headers: { 'if-none-match': etag },
      });
      assert.equal(changed.statusCode, 200);
      assert.notEqual(changed.headers.etag, etag);
      await t.db.query(`DELETE FROM spots WHERE title = 'A new one'`);
    });

    it('compresses large answers for clients that accept it', async () => {
      const res = await t.inject({
        method: 'GET',
        url: '/api/spots',
        headers: { 'accept-encoding': 'gzip' },
      });
      assert.equal(res.headers['content-encoding'], 'gzip');
    });

    for (const bad of [
      'category=theft',
      'category=',
      'since=0',
      'since=abc',
      'since=1.5',
      'bbox=1,2,3',
      'bbox=32.6,0.2,32.5,0.4',
      'bbox=a,b,c,d',
      'status=fine',
      'verified=maybe',
      'limit=0',
      'limit=5001',
      'cursor=not-a-cursor',
    ]) {
      it(`rejects ?${bad} with a JSON 400`, async () => {
        const res = await t.inject({ method: 'GET', url: `/api/spots?${bad}` });
        assert.equal(res.statusCode, 400);
        assert.equal(typeof res.json().error, 'string');
      });
    }
  });

  describe('GET /api/spots/{id}', () => {
    it('returns a public spot', async () => {
      const res = await t.inject({ method: 'GET', url: `/api/spots/${ids.guluBoda}` });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().spot.title, 'Gulu boda gang');
      assert.equal(res.json().spot.moderator_verified, true);
    });

    for (const name of ['pendingOne', 'rejectedOne']) {
      it(`is 404 for a ${name.replace('One', '')} spot`, async () => {
        const res = await t.inject({ method: 'GET', url: `/api/spots/${ids[name]}` });
        assert.equal(res.statusCode, 404);
        assert.deepEqual(res.json(), { error: 'Spot not found' });
      });
    }

    it('is 404 for an id that does not exist, even beyond the integer range', async () => {
      for (const id of ['999999', '99999999999']) {
        const res = await t.inject({ method: 'GET', url: `/api/spots/${id}` });
        assert.equal(res.statusCode, 404);
      }
    });

    it('is a JSON 414 for an id too long to route, and a JSON 400 for broken percent-encoding', async () => {
      for (const [id, status, error] of [
        ['9'.repeat(101), 414, 'The address is too long'],
        ['%E0%A4%A', 400, 'The address is not valid'],
      ] as const) {
        const res = await t.inject({ method: 'GET', url: `/api/spots/${id}` });
        assert.equal(res.statusCode, status);
        assert.deepEqual(res.json(), { error });
        assert.equal(res.headers['x-content-type-options'], 'nosniff', 'with the security headers');
      }
    });

    for (const id of ['0', '-1', 'abc', '1.5', '01']) {
      it(`is 400 for the id ${id}`, async () => {
        const res = await t.inject({ method: 'GET', url: `/api/spots/${id}` });
        assert.equal(res.statusCode, 400);
        assert.equal(typeof res.json().error, 'string');
      });
    }
  });
});
