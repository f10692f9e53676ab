import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerUssd } from '../../src/channels/channels.service.ts';
import { RateLimiter } from '../../src/limits/rate-limit.ts';
import { writeSiteSettings } from '../../src/settings/settings.service.ts';
import { report } from '../factories.ts';
import { smsForm, TEST_CHANNEL_SECRET } from '../fake-gateway.ts';
import { phoneNumbersIn } from '../raw-ips.ts';
import { RELAXED_POLICIES } from '../test-app.ts';
import { newPhone, post, publicSpot, screen, session, t, useUssdApp } from './ussd-harness.ts';

/** The USSD menu: its language choice, alerts, "still there?", what it stores and what it refuses. */
describe('channels/ussd-menu', () => {
  useUssdApp();

  describe('the USSD menu', () => {
    it('starts with the choice of language, and 0 and 00 find their way back', async () => {
      const s = session();
      const first = screen(await s.send());
      assert.equal(first.end, false);
      assert.deepEqual(first.lines, ['Hatari', '1 English', '2 Luganda', '3 Kiswahili']);
      assert.match(
        screen(await s.send('7')).text,
        /^Choose a number shown:\nHatari/,
        'a wrong choice says so',
      );
      assert.match(
        screen(await s.send('2')).text,
        /Obulabe okumpi/,
        'the wrong answer is forgotten: 2 is Luganda',
      );
      assert.match(screen(await s.send('1')).text, /Wandiika erinnya/);
      assert.match(screen(await s.send('0')).text, /Obulabe okumpi/, '0 goes back one screen');
      assert.match(
        screen(await s.send('0')).lines[0] as string,
        /^Hatari$/,
        '0 from the main menu is the language',
      );
      await s.send('3');
      await s.send('2');
      await s.send('Kalerwe');
      assert.match(
        screen(await s.send('00')).text,
        /^Hatari: ramani ya hatari/,
        '00 is the main menu, in Swahili still',
      );
    });

    it('asks the language at the first dial only; 5 changes it; STOP by SMS forgets it', async () => {
      const phone = newPhone();
      const first = session(phone);
      assert.match(screen(await first.send()).text, /^Hatari\n1 English/);
      assert.match(screen(await first.send('2')).text, /^Hatari: maapu/, 'Luganda chosen');
      // Later answers of the same session replay as they were given.
      assert.match(screen(await first.send('1')).text, /Wandiika erinnya/);
      const second = screen(await session(phone).send());
      assert.match(
        second.text,
        /^Hatari: maapu y'obulabe\n1 /,
        'the next dial opens on the main menu, in Luganda',
      );
      const changed = session(phone);
      await changed.send();
      assert.match(screen(await changed.send('5')).text, /^Hatari\n1 English/, '5 is the language');
      assert.match(screen(await changed.send('3')).text, /^Hatari: ramani/, 'now Swahili');
      assert.match(screen(await session(phone).send()).text, /^Hatari: ramani/, 'and remembered');
      await post('sms', smsForm(phone, 'STOP'));
      assert.match(screen(await session(phone).send()).text, /^Hatari\n1 English/, 'STOP erased it');
      const texted = newPhone();
      await post('sms', smsForm(texted, 'NEAR Kalerwe'));
      assert.match(
        screen(await session(texted).send()).text,
        /^Hatari\n1 English/,
        'an English SMS chose nothing',
      );
    });

    it('sets SMS alerts near a place at chosen hours, the first confirmed by SMS as WATCH is', async () => {
      const phone = newPhone();
      const hours = screen(await session(phone).play('1', '6', 'Kalerwe'));
      // The region's hours: its nights are its one night, the one routes are checked for.
      assert.deepEqual(hours.lines.slice(1, 5), [
        '1 Any time',
        '2 Mornings 6-9',
        '3 Evenings 17-21',
        '4 Nights 19-6',
      ]);
      const asked = screen(await session(phone).play('6', 'Kalerwe', '3'));
      assert.equal(asked.end, true);
      assert.match(asked.text, /We sent you an SMS\. Reply YES to it to start alerts near Kalerwe\./);
      const watch = await t.db.query<{ from_hour: number; to_hour: number; confirmed: boolean }>(
        `SELECT from_hour, to_hour, confirmed_at IS NOT NULL AS confirmed FROM watches WHERE place = 'Kalerwe'`,
      );
      assert.deepEqual(
        watch,
        [{ from_hour: 17, to_hour: 21, confirmed: false }],
        'evenings, waiting for YES',
      );
      const ask = await t.db.query<{ body: string }>(`SELECT body FROM outbox WHERE body LIKE '%reply YES%'`);
      assert.equal(ask.length, 1, 'the YES is asked by SMS');
      await post('sms', smsForm(phone, 'YES'));
      const yes = await t.db.query<{ body: string }>(`SELECT body FROM outbox WHERE body LIKE '%alerts on%'`);
      assert.match(
        yes[0]?.body ?? '',
        /alerts on for Kalerwe \(17:00-21:00\)\./,
        'YES repeats the hours chosen',
      );
      const on = screen(await session(phone).play('6', 'Wandegeya', '4'));
      assert.match(
        on.text,
        /^Alerts near Wandegeya \(19:00-06:00\) are on\./,
        'a confirmed number needs no second YES; the screen repeats its hours',
      );
    });

    it('asks "still there?" on the screen of a spot nobody confirmed for a month', async () => {
      const res = await t.inject({ method: 'POST', url: '/api/spots', payload: report({ severity: 4 }) });
      assert.equal(res.statusCode, 201, res.body);
      const id = (res.json() as { spot: { id: number } }).spot.id;
      const fresh = screen(await session().play('1', '3', String(id)));
      assert.doesNotMatch(fresh.text, /still there/, fresh.text);
      await t.db.query(
        `UPDATE spots SET created_at = now() - interval '40 days', last_confirmed_at = now() - interval '40 days'
         WHERE id = $1`,
        [id],
      );
      const old = screen(await session().play('1', '3', String(id)));
      assert.ok(old.text.includes('No word for 40 days: still there?'), old.text);
      assert.match(
        old.text,
        /\n1 Still dangerous \(\d+\)\n2 Not anymore \(\d+\)/,
        'answered by the same choices',
      );
    });

    it('answers whatever is typed with a screen, never an error', async () => {
      const junk = [
        '',
        ' ',
        '*',
        '**',
        '0*0*0',
        '00*00',
        'x',
        `1*1*${'a'.repeat(300)}`,
        '1*2*Kalerwe*9*9*9',
        '3*3*9*9',
        '1*3*-1',
        '1*3*1e9',
        '1*2*Kalerwe*1*1*1*#*#*1',
      ];
      for (const [i, text] of junk.entries()) {
        const res = await t.inject({
          method: 'POST',
          url: `/api/channels/ussd/${TEST_CHANNEL_SECRET}`,
          payload: new URLSearchParams({
            sessionId: `junk-${i}`,
            serviceCode: '*284#',
            phoneNumber: newPhone(),
            networkCode: '64110',
            text,
          }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        assert.equal(res.statusCode, 200, `${JSON.stringify(text)}: ${res.body}`);
        screen(res.body);
      }
    });

    it('ends a session of more answers than any path takes, whatever they are', async () => {
      const long = await session().play(...Array.from({ length: 41 }, (_, i) => (i % 2 ? '0' : 'Kalerwe')));
      assert.equal(long, 'END This session has gone on too long. Please dial again.');
      const swahili = await session().play('3', ...Array.from({ length: 40 }, () => '0'));
      assert.match(swahili, /^END Kikao hiki/, 'in the language chosen');
    });

    it('acts once on a callback the gateway sends twice', async () => {
      const s = session();
      const first = screen(await s.play('1', '2', 'Kalerwe', '3', '5', '1', '1', '1'));
      const count = async () =>
        (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spots'))[0]?.n;
      const before = await count();
      const repeated = screen(await s.repeat());
      assert.equal(repeated.text, first.text, 'the same answer');
      assert.equal(await count(), before, 'no second spot');
    });

    it("counts an operator's phones together against its ceiling, and other operators apart", async () => {
      const limiter = new RateLimiter(t.deps.limiter.counters, {
        ...RELAXED_POLICIES,
        channel_report_network: { limit: 2, windowSeconds: 3600, per: 'network' },
      });
      const deps = { ...t.deps, limiter };
      const reportFrom = async (phone: string, operator: string) => {
        const identity = t.deps.channels.identify(phone, operator);
        const call = { sessionId: `op-${phone}`, phone, operator, text: '1*2*Kalerwe*2*3*1*1*1' };
        return (await answerUssd(deps, identity, call)).text;
      };
      // Operators no other test uses: the counters are shared with the rest of the file.
      const one = [await reportFrom(newPhone(), '99901'), await reportFrom(newPhone(), '99901')];
      assert.ok(
        one.every((a) => /Spot #\d+ is on the map/.test(a)),
        one.join('\n'),
      );
      assert.match(
        await reportFrom(newPhone(), '99901'),
        /Too many reports from your network/,
        "the operator's ceiling",
      );
      assert.match(await reportFrom(newPhone(), '99902'), /Spot #\d+ is on the map/, 'another operator');
    });

    it('offers the areas public spots name: a new one, one moved by an edit, never one only held spots name', async () => {
      const post = (area: string, headers: Record<string, string> = {}) =>
        t.inject({
          method: 'POST',
          url: '/api/spots',
          headers: { 'user-agent': `area ${area}`, ...headers },
          payload: report({ area, lat: 0.3612, lng: 32.5705, severity: 4 }),
        });
      const near = async (place: string) => screen(await session().play('1', '1', place)).text;
      assert.equal((await post('Nsooba Zone B')).statusCode, 201);
      assert.match(await near('nsooba zone'), /Unlit footpath/, 'a new area at once');

      await writeSiteSettings(t.db, { requireApproval: true });
      try {
        assert.equal((await post('Kyebando Hill')).statusCode, 201);
      } finally {
        await writeSiteSettings(t.db, { requireApproval: false });
      }
      assert.match(
        await near('Kyebando Hill'),
        /^No place called "Kyebando Hill"/,
        'not an area only held spots name',
      );

      const moved = await post('Bwaise Market');
      await t.db.query('UPDATE spots SET area = $1 WHERE id = $2', ['Bwaise Channel', moved.json().spot.id]);
      assert.match(await near('Bwaise Channel'), /Unlit footpath/, 'an area given by an edit');
      assert.match(await near('Bwaise Market'), /^No place called "Bwaise Market"/, 'its old name no longer');
    });

    it('holds a report for moderators when the site says so', async () => {
      await writeSiteSettings(t.db, { requireApproval: true });
      try {
        const done = screen(await session().play('1', '2', 'Kalerwe', '1', '3', '2', '1', '1'));
        const id = Number(/#(\d+)/.exec(done.text)?.[1]);
        assert.match(done.text, /waits for moderators/);
        assert.equal(await publicSpot(id), undefined, 'not on the public map');
        const rows = await t.db.query<{ publication: string }>(
          'SELECT publication FROM spots WHERE id = $1',
          [id],
        );
        assert.equal(rows[0]?.publication, 'pending');
      } finally {
        await writeSiteSettings(t.db, { requireApproval: false });
      }
    });

    it('keeps the gateway secret and the phone numbers out of the logs', () => {
      assert.ok(t.logs.text.includes('/api/channels/ussd/[secret]'), 'callbacks are logged by path');
      assert.ok(!t.logs.text.includes(TEST_CHANNEL_SECRET), 'without the secret');
      // The privacy scan's own matcher: a bare digit run would also match inside a logged number
      // such as a response time (3.25671234567).
      assert.deepEqual(phoneNumbersIn(t.logs.text), [], 'and without a phone number');
    });
  });
});
