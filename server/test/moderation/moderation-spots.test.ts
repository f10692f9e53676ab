import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ADMIN, as, newSpot, signIn, t, useModerationApp } from './moderation-harness.ts';

/** Moderating spots: the queue, each decision and what it changes, edits, and the log. */
describe('moderation/moderation-spots', () => {
  useModerationApp();

  describe('moderating spots', () => {
    let cookie: string;
    before(async () => {
      cookie = await signIn(ADMIN);
    });
    const act = (id: number, action: string) =>
      as(cookie, { method: 'POST', url: `/api/mod/spots/${id}/${action}`, payload: {} });
    const queue = async (state: string) =>
      (await as(cookie, { method: 'GET', url: `/api/mod/spots?state=${state}` })).json().spots as Array<{
        id: number;
        flag_count: number;
        flags: Array<{ reason: string; note: string }>;
        publication: string;
      }>;

    it('holds reports for review, keeps them off every public read, and publishes them on approval', async () => {
      assert.equal(
        (await as(cookie, { method: 'PUT', url: '/api/mod/settings', payload: { requireApproval: true } }))
          .statusCode,
        200,
      );
      const held = await newSpot({ title: 'Held for review', area: 'Secret Area' });
      assert.equal(held.pending, true);
      const id = held.spot.id;
      const reporter = { remoteAddress: '127.0.0.1' };
      const publicReads = async () => ({
        list: (await t.inject({ method: 'GET', url: '/api/spots' }))
          .json()
          .spots.some((s: { id: number }) => s.id === id),
        one: (await t.inject({ method: 'GET', url: `/api/spots/${id}` })).statusCode,
        stats: JSON.stringify((await t.inject({ method: 'GET', url: '/api/stats' })).json()).includes(
          'Secret Area',
        ),
        me: String(id) in (await t.inject({ method: 'GET', url: '/api/me', ...reporter })).json().votes,
        vote: (await t.inject({ method: 'POST', url: `/api/spots/${id}/vote`, payload: { value: -1 } }))
          .statusCode,
        flag: (await t.inject({ method: 'POST', url: `/api/spots/${id}/flag`, payload: {} })).statusCode,
      });
      assert.deepEqual(await publicReads(), {
        list: false,
        one: 404,
        stats: false,
        me: false,
        vote: 404,
        flag: 404,
      });
      assert.equal((await queue('pending')).find((s) => s.id === id)?.id, id, 'held for review');
      assert.equal((await t.inject({ method: 'GET', url: '/api/me' })).json().requireApproval, true);

      const approved = await act(id, 'approve');
      assert.equal(approved.statusCode, 200);
      assert.equal(approved.json().spot.publication, 'approved');
      const after = await publicReads();
      assert.equal(after.list, true);
      assert.equal(after.one, 200);
      assert.equal(after.stats, true);
      await as(cookie, { method: 'PUT', url: '/api/mod/settings', payload: { requireApproval: false } });
    });

    it('links a duplicate flag to the spot it names, which must be another public spot', async () => {
      const first = (await newSpot({ title: 'Dark stretch by the market' })).spot;
      const again = (await newSpot({ title: 'Dark road at the market' })).spot;
      const flag = (payload: Record<string, unknown>, n = 1) =>
        t.inject({
          method: 'POST',
          url: `/api/spots/${again.id}/flag`,
          payload,
          remoteAddress: `198.51.${n}.7`,
        });
      for (const [payload, error] of [
        [{ reason: 'duplicate', duplicate_of: again.id }, 'A spot is not a duplicate of itself'],
        [{ reason: 'duplicate', duplicate_of: 999_999 }, 'duplicate_of must be a spot on the public map'],
        [{ reason: 'inaccurate', duplicate_of: first.id }, 'duplicate_of goes with reason "duplicate"'],
        [{ reason: 'duplicate', duplicate_of: 'one' }, 'duplicate_of must be a spot id'],
      ] as const) {
        const res = await flag(payload);
        assert.equal(res.statusCode, 400, JSON.stringify(payload));
        assert.match(res.json().error, new RegExp(error.replace(/[()]/g, '.')));
      }
      const ok = await flag({ reason: 'duplicate', duplicate_of: first.id, note: 'same place' }, 2);
      assert.equal(ok.statusCode, 200);
      const listed = (await as(cookie, { method: 'GET', url: '/api/mod/spots?state=flagged' }))
        .json()
        .spots.find((s: { id: number }) => s.id === again.id);
      assert.deepEqual(
        listed.flags.map((f: { reason: string; duplicate_of: unknown }) => [f.reason, f.duplicate_of]),
        [
          [
            'duplicate',
            { id: first.id, title: 'Dark stretch by the market', lat: first.lat, lng: first.lng },
          ],
        ],
      );
    });

    it('shows hidden spots with their flags, and brings them back when flags are dismissed', async () => {
      const { spot } = await newSpot({ title: 'Flag target' });
      for (const n of [1, 2, 3]) {
        await t.inject({
          method: 'POST',
          url: `/api/spots/${spot.id}/flag`,
          payload: { reason: 'inaccurate', note: `wrong place ${n}` },
          remoteAddress: `203.0.${n}.113`,
        });
      }
      const flagged = (await queue('flagged')).find((s) => s.id === spot.id);
      assert.equal(flagged?.flag_count, 3);
      assert.equal(flagged?.publication, 'pending');
      assert.deepEqual(flagged?.flags.map((f) => f.note).sort(), [
        'wrong place 1',
        'wrong place 2',
        'wrong place 3',
      ]);
      const dismissed = (await act(spot.id, 'dismiss-flags')).json().spot;
      assert.equal(dismissed.publication, 'approved');
      assert.equal(dismissed.flag_count, 0);
      assert.equal(dismissed.protected, true, 'restored: protected from flags and votes');
      const days = (Date.parse(dismissed.restored_until) - t.deps.clock.now().getTime()) / 86_400_000;
      assert.ok(days > 29.9 && days <= 30, `protected for 30 days (${days})`);
      assert.equal((await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` })).statusCode, 200);
    });

    it('verifies and unverifies, rejects, and keeps rejected spots off the map', async () => {
      const { spot } = await newSpot({ title: 'To verify' });
      assert.equal((await act(spot.id, 'verify')).json().spot.moderator_verified, true);
      assert.equal(
        (await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` })).json().spot.moderator_verified,
        true,
      );
      assert.equal((await act(spot.id, 'unverify')).json().spot.moderator_verified, false);
      assert.equal((await act(spot.id, 'reject')).json().spot.publication, 'rejected');
      assert.equal((await t.inject({ method: 'GET', url: `/api/spots/${spot.id}` })).statusCode, 404);
      assert.equal(
        (await queue('rejected')).find((s) => s.id === spot.id)?.id,
        spot.id,
        'listed as rejected',
      );
      assert.equal((await act(999999, 'approve')).statusCode, 404);
      assert.equal((await act(0, 'approve')).statusCode, 400);
    });

    it('edits under the report rules and redaction, and deletes', async () => {
      const { spot } = await newSpot({ title: 'Needs an edit' });
      const edited = await as(cookie, {
        method: 'PATCH',
        url: `/api/mod/spots/${spot.id}`,
        payload: { title: 'Edited title', description: 'Call 0772123456 no more' },
      });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.equal(edited.json().spot.title, 'Edited title');
      assert.equal(edited.json().spot.description, 'Call [removed] no more');
      // An edit that puts half a number beside the other half already stored: both halves go.
      const split = await as(cookie, {
        method: 'PATCH',
        url: `/api/mod/spots/${spot.id}`,
        payload: { title: 'Ask the boda man on 0772', description: '123 456 after dark' },
      });
      assert.equal(split.statusCode, 200, split.body);
      assert.equal(split.json().spot.title, 'Ask the boda man on [removed]');
      assert.equal(split.json().spot.description, '[removed] after dark');
      const area = await as(cookie, {
        method: 'PATCH',
        url: `/api/mod/spots/${spot.id}`,
        payload: { title: 'Boda man zero seven seven two', description: 'one two three four five six' },
      });
      assert.equal(area.statusCode, 200, area.body);
      assert.deepEqual(
        [area.json().spot.title, area.json().spot.description],
        ['Boda man [removed]', '[removed]'],
      );
      for (const payload of [
        { title: 'x' },
        { lat: 9 },
        { severity: 6 },
        { source_url: 'javascript:x' },
        {},
      ]) {
        const bad = await as(cookie, { method: 'PATCH', url: `/api/mod/spots/${spot.id}`, payload });
        assert.equal(bad.statusCode, 400, JSON.stringify(payload));
      }
      const outside = await as(cookie, {
        method: 'PATCH',
        url: `/api/mod/spots/${spot.id}`,
        payload: { lng: 36.8 },
      });
      assert.deepEqual(outside.json().issues[0].path, ['lat']);
      assert.equal(
        (await as(cookie, { method: 'DELETE', url: `/api/mod/spots/${spot.id}`, payload: {} })).statusCode,
        204,
      );
      assert.equal(
        (await as(cookie, { method: 'DELETE', url: `/api/mod/spots/${spot.id}`, payload: {} })).statusCode,
        404,
      );
      const votes = await t.db.query('SELECT 1 FROM votes WHERE spot_id = $1', [spot.id]);
      assert.equal(votes.length, 0);
    });

    it('writes every action to the audit log with actor and time, newest first', async () => {
      const entries = (await as(cookie, { method: 'GET', url: '/api/mod/log' })).json().entries as Array<{
        at: string;
        actor: string;
        action: string;
      }>;
      const actions = entries.map((e) => e.action);
      for (const a of [
        'approve',
        'reject',
        'verify',
        'unverify',
        'dismiss-flags',
        'edit',
        'delete',
        'settings',
        'sign_in',
      ]) {
        assert.ok(actions.includes(a), `log has ${a}`);
      }
      assert.ok(
        entries.every((e) => e.actor && !Number.isNaN(Date.parse(e.at))),
        'entries.every((e) => e.actor && !Number.isNaN(Date.parse(e.at)))',
      );
      const times = entries.map((e) => Date.parse(e.at));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
    });
  });
});
