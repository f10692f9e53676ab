import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import type { Db, Queryable } from '../../src/db/db.ts';
import { createPgDb } from '../../src/db/pg.ts';
import { appendLog, SYSTEM_ACTOR } from '../../src/moderation/log.sql.ts';
import { type Redacted, redactStoredTextOnce } from '../../src/spots/redact-stored.ts';
import { report } from '../factories.ts';
import { buildAppOn, startTestApp } from '../test-app.ts';
import { createTestDatabase } from '../test-db.ts';
import { post, t, useReportApp } from './spots-report-harness.ts';

/** POST /api/spots: a valid report as stored and answered, held for review, an unreachable database, and text stored under older redaction rules. */
describe('spots/spots-report', () => {
  useReportApp();

  describe('POST /api/spots: a valid report', () => {
    it('answers 201 with the spot as docs/api.md describes it, and stores the reporter vote', async () => {
      const res = await post(report({ description: 'Robberies after 9 pm', area: 'Kisenyi' }));
      assert.equal(res.statusCode, 201);
      const { spot, pending } = res.json();
      assert.equal(pending, false);
      assert.deepEqual(Object.keys(spot), [
        'id',
        'title',
        'description',
        'lat',
        'lng',
        'area',
        'category',
        'severity',
        'time_of_day',
        'incident_date',
        'source_url',
        'created_at',
        'last_confirmed_at',
        'confirmations',
        'denials',
        'status',
        'moderator_verified',
        'seeded',
        // The extensions after the seed's fields (docs/api.md, "Confidence and time").
        'confidence',
        'archived',
      ]);
      assert.equal(spot.archived, false);
      assert.equal(spot.confidence, 3.3, "a newcomer's lone report");
      assert.equal(spot.title, 'Unlit footpath behind the market');
      assert.equal(spot.description, 'Robberies after 9 pm');
      assert.equal(spot.area, 'Kisenyi');
      assert.equal(spot.lat, 0.3136);
      assert.equal(spot.lng, 32.5811);
      assert.equal(spot.confirmations, 1);
      assert.equal(spot.denials, 0);
      assert.equal(spot.status, 'unverified');
      assert.equal(spot.moderator_verified, false);
      assert.equal(spot.seeded, false);
      assert.equal(spot.last_confirmed_at, spot.created_at);
      assert.match(spot.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const votes = await t.db.query<{ value: number; visitor: string }>(
        'SELECT value, visitor FROM votes WHERE spot_id = $1',
        [spot.id],
      );
      assert.equal(votes.length, 1);
      assert.equal(votes[0]?.value, 1);
      // The visitor is a hash, not an address.
      assert.match(votes[0]?.visitor ?? '', /^[A-Za-z0-9_-]{43}$/);
      const listed = await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` });
      assert.deepEqual(listed.json().spot, spot);
    });

    it('fills the defaults of the optional fields', async () => {
      const { spot } = (await post(report())).json();
      assert.equal(spot.description, '');
      assert.equal(spot.area, '');
      assert.equal(spot.incident_date, null);
      assert.equal(spot.source_url, null);
    });

    it('keeps incident_date and an https source, and treats "" as no source', async () => {
      const a = (
        await post(report({ incident_date: '2026-09-23', source_url: 'https://example.org/news/1' }))
      ).json();
      assert.equal(a.spot.incident_date, '2026-09-23');
      assert.equal(a.spot.source_url, 'https://example.org/news/1');
      // News pages keep their article numbers, dates and post ids.
      for (const source_url of [
        'https://www.monitor.co.ug/uganda/news/national/robbery-at-kalerwe-4512345',
        'https://nilepost.co.ug/news/2026/09/23/123456/kalerwe',
        'https://x.com/PoliceUg/status/1789012345678901234',
      ]) {
        const res = await post(report({ source_url }), { 'user-agent': source_url });
        assert.equal(res.statusCode, 201, res.body);
        assert.equal(res.json().spot.source_url, source_url);
      }
      const b = (await post(report({ source_url: '', incident_date: null }))).json();
      assert.equal(b.spot.source_url, null);
      assert.equal(b.spot.incident_date, null);
    });

    it('accepts the edges of every range', async () => {
      for (const body of [
        report({ lat: -1.6, lng: 29.5, severity: 1, title: 'abc' }),
        report({ lat: 4.3, lng: 35.1, severity: 5, title: 'x'.repeat(80) }),
        report({
          description: 'd'.repeat(600),
          area: 'a'.repeat(80),
          source_url: `http://example.org/${'p'.repeat(281)}`,
        }),
      ]) {
        const res = await post(body);
        assert.equal(res.statusCode, 201, res.body);
      }
    });

    it('replaces phone numbers in title, description and area with [removed]', async () => {
      const { spot } = (
        await post(
          report({
            title: 'Call 0772 123 456 for the gang',
            description:
              'Numbers 0701234567, +256 752 111 222 and 00256772000111 on the wall since 2026-09-23',
            area: 'Stage near (0414) 123-456',
          }),
        )
      ).json();
      assert.equal(spot.title, 'Call [removed] for the gang');
      assert.equal(
        spot.description,
        'Numbers [removed], [removed] and [removed] on the wall since 2026-09-23',
      );
      assert.equal(spot.area, 'Stage near [removed]');
      const stored = await t.db.query<{ all: string }>(
        `SELECT title || description || area AS all FROM spots WHERE id = $1`,
        [spot.id],
      );
      assert.doesNotMatch(stored[0]?.all ?? '', /0772|0701|752|00256|0414/);
    });

    it('reads the body as JSON whatever the content type (plain fetch sends text/plain)', async () => {
      const res = await post(report(), { 'content-type': 'text/plain;charset=UTF-8' });
      assert.equal(res.statusCode, 201);
    });

    it('drops unknown fields and never lets a client set counts or flags', async () => {
      const { spot } = (
        await post(report({ confirmations: 99, moderator_verified: true, seeded: true, status: 'confirmed' }))
      ).json();
      assert.equal(spot.confirmations, 1);
      assert.equal(spot.moderator_verified, false);
      assert.equal(spot.seeded, false);
      assert.equal(spot.status, 'unverified');
    });
  });

  describe('POST /api/spots when reports are held for review', () => {
    it('answers pending: true and keeps the spot off every public read', async () => {
      await t.db.query(`UPDATE settings SET value = 'true' WHERE key = 'require_approval'`);
      try {
        const res = await post(report({ title: 'Held report near the stage' }));
        assert.equal(res.statusCode, 201);
        const { spot, pending } = res.json();
        assert.equal(pending, true);
        const list = (await t.inject({ method: 'GET', url: '/api/spots' })).json();
        assert.equal(
          list.spots.find((s: { id: number }) => s.id === spot.id),
          undefined,
          'a held report is not on the map',
        );
        const one = await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` });
        assert.equal(one.statusCode, 404);
        assert.deepEqual(one.json(), { error: 'Spot not found' });
      } finally {
        await t.db.query(`UPDATE settings SET value = 'false' WHERE key = 'require_approval'`);
      }
    });
  });

  describe('POST /api/spots when the database is unreachable', () => {
    it('answers 500 with a plain-text body and Retry-After; other routes 503 JSON with Retry-After', async () => {
      const db = createPgDb({
        connectionString: 'postgres://hatari@127.0.0.1:9/nowhere',
        connectionTimeoutMillis: 500,
      });
      const app = await buildAppOn(db);
      try {
        const res = await app.inject({ method: 'POST', url: '/api/spots', payload: report() });
        assert.equal(res.statusCode, 500);
        assert.match(String(res.headers['content-type']), /^text\/plain/);
        assert.equal(res.body, 'Internal Server Error');
        assert.equal(res.headers['retry-after'], '5', 'a passing outage: try again');
        const list = await app.inject({ method: 'GET', url: '/api/spots' });
        assert.equal(list.statusCode, 503);
        assert.equal(list.headers['retry-after'], '5');
        assert.match(list.json().error, /nothing is wrong with your request/);
        assert.doesNotMatch(list.body, /ECONNREFUSED|127\.0\.0\.1/);
      } finally {
        await app.close();
        await db.close();
      }
    });
  });

  describe('text stored under older redaction rules', () => {
    const audit = (tx: Queryable, detail: Redacted) =>
      appendLog(tx, { actor: SYSTEM_ACTOR, action: 'redact-stored', detail: { ...detail } });
    const auditEntries = (db: Queryable = t.db) =>
      db.query<{ actor: string; detail: Record<string, number> }>(
        `SELECT actor, detail FROM mod_log WHERE action = 'redact-stored' ORDER BY id`,
      );

    const dodged = 'call 0772\u200C123\u200C456';
    const insert = (title: string, description: string, area: string, db: Queryable = t.db) =>
      db.query<{ id: number }>(
        `INSERT INTO spots (title, description, area, lat, lng, category, severity, time_of_day)
         VALUES ($1, $2, $3, 0.3, 32.5, 'other', 1, 'any') RETURNING id`,
        [title, description, area],
      );

    it('is redacted again once, with its counts in the moderators log, and only once', async () => {
      const [spot] = await insert('Old spot', dodged, 'Kalerwe ٠٧٧٢١٢٣٤٥٦');
      // Reported before the rules read words, letters for digits and numbers split across fields.
      const [words] = await insert('Ask for zero seven seven two', 'one two three four five six', 'Kalerwe');
      const [looks] = await insert('Boda man', 'ring O77Z l23 4S6 at night', '');
      const [clean] = await insert(
        'Dark corner',
        'Two boda riders, Plot 12B, on 12/07/2026 at 22:15',
        'Kisenyi',
      );
      await t.db.query(
        `INSERT INTO flags (spot_id, visitor, network, note) VALUES ($1, 'v', 'n', $2), ($1, 'v2', 'n', $3)`,
        [
          spot?.id,
          'ring ０７７２１２３４５６',
          'his number is sifuri saba saba mbili moja mbili tatu nne tano sita',
        ],
      );
      await t.db.query(`DELETE FROM app_events WHERE name LIKE 'redaction_v%'`);
      const before = (await auditEntries()).length;
      assert.deepEqual(await redactStoredTextOnce(t.db, audit), { version: 4, spots: 3, flagNotes: 2 });
      const texts = async (id: number | undefined) =>
        (
          await t.db.query<{ title: string; description: string; area: string }>(
            'SELECT title, description, area FROM spots WHERE id = $1',
            [id],
          )
        )[0];
      assert.deepEqual(await texts(spot?.id), {
        title: 'Old spot',
        description: 'call [removed]',
        area: 'Kalerwe [removed]',
      });
      assert.deepEqual(await texts(words?.id), {
        title: 'Ask for [removed]',
        description: '[removed]',
        area: 'Kalerwe',
      });
      assert.deepEqual(await texts(looks?.id), {
        title: 'Boda man',
        description: 'ring [removed] at night',
        area: '',
      });
      assert.deepEqual(await texts(clean?.id), {
        title: 'Dark corner',
        description: 'Two boda riders, Plot 12B, on 12/07/2026 at 22:15',
        area: 'Kisenyi',
      });
      const notes = await t.db.query<{ note: string }>(
        'SELECT note FROM flags WHERE spot_id = $1 ORDER BY id',
        [spot?.id],
      );
      assert.deepEqual(
        notes.map((n) => n.note),
        ['ring [removed]', 'his number is [removed]'],
      );
      const entries = await auditEntries();
      assert.equal(entries.length, before + 1, 'one entry in the moderators log');
      assert.deepEqual(entries.at(-1), { actor: 'Hatari', detail: { version: 4, spots: 3, flagNotes: 2 } });

      await t.db.query(`UPDATE spots SET description = $2 WHERE id = $1`, [spot?.id, dodged]);
      assert.equal(await redactStoredTextOnce(t.db, audit), undefined, 'done once per database');
      assert.equal((await auditEntries()).length, before + 1);
    });

    it('is redacted in the background: the server answers meanwhile, and shows the new text once it is done', {
      timeout: 30_000,
    }, async () => {
      const database = await createTestDatabase();
      const [spot] = await insert('Old spot', dodged, 'Kalerwe', database.db);
      await database.db.query(`DELETE FROM app_events WHERE name LIKE 'redaction_v%'`);
      // The run's first read of the spots waits until the test lets it go.
      let letGo = () => {};
      const held = new Promise<void>((resolve) => {
        letGo = resolve;
      });
      const db: Db = {
        ...database.db,
        query: async (sql, params) => {
          if (sql.startsWith('SELECT id, title, description, area FROM spots WHERE id >')) await held;
          return database.db.query(sql, params);
        },
      };
      const app = await startTestApp({ database: { db, drop: async () => {} } });
      try {
        assert.equal((await app.inject({ url: '/api/health' })).statusCode, 200, 'started and healthy');
        const shown = async () =>
          (await app.inject({ url: `/api/spots/${spot?.id}` })).json().spot.description as string;
        assert.equal(await shown(), dodged, 'as stored until the run reaches it');
        letGo();
        while ((await auditEntries(database.db)).length === 0) await setImmediate();
        assert.equal(await shown(), 'call [removed]', 'the read cache was emptied');
      } finally {
        await app.close();
        await database.drop();
      }
    });
  });
});
