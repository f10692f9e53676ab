import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { answerUssd } from '../../src/channels/channels.service.ts';
import { SCREEN_CHARS } from '../../src/channels/screen.ts';
import { RateLimiter } from '../../src/limits/rate-limit.ts';
import { writeSiteSettings } from '../../src/settings/settings.service.ts';
import { report } from '../factories.ts';
import {
  channelEnv,
  FakeSmsGateway,
  injectPoster,
  smsForm,
  TEST_CHANNEL_SECRET,
  UssdSession,
} from '../fake-gateway.ts';
import { FakeNominatim, KAMPALA_PLACES } from '../fakes.ts';
import { phoneNumbersIn } from '../raw-ips.ts';
import { RELAXED_POLICIES, startTestApp, type TestApp } from '../test-app.ts';

/**
 * The USSD menu, played as the gateway plays it (every answer so far joined by `*`), in English,
 * Luganda and Swahili: every path, what it stores, and what it refuses.
 */
const nominatim = new FakeNominatim(KAMPALA_PLACES);
const gateway = new FakeSmsGateway();
let t: TestApp;
let post: ReturnType<typeof injectPoster>;
let phones = 0;
const newPhone = () => `+2567720${String(++phones).padStart(5, '0')}`;
const session = (phone = newPhone(), network = '64110') => new UssdSession(post, phone, network);

/** Wandegeya gets a dozen dangers with long titles, so its list takes several screens. */
const WANDEGEYA = { lat: 0.3319, lng: 32.5726 };

describe('channels/ussd', () => {
  before(async () => {
    t = await startTestApp({
      env: { SEED: '1', NOMINATIM_URL: await nominatim.start(), ...channelEnv(await gateway.start()) },
    });
    post = injectPoster((o) => t.inject(o));
    for (let i = 0; i < 12; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/spots',
        headers: { 'user-agent': `seeder ${i}` },
        payload: report({
          title: `Dark lane number ${i} behind the hostels near the market`,
          lat: WANDEGEYA.lat + i * 0.0004,
          lng: WANDEGEYA.lng,
          severity: 1 + (i % 5),
        }),
      });
      assert.equal(res.statusCode, 201, res.body);
    }
  });
  after(async () => {
    await t?.close();
    await gateway.stop();
    await nominatim.stop();
  });

  /** A screen as the gateway shows it: "CON" or "END", then at most 182 characters. */
  function screen(raw: string): { end: boolean; text: string; lines: string[] } {
    const m = /^(CON|END) ([\s\S]*)$/.exec(raw);
    assert.ok(m, `an answer starts with CON or END: ${JSON.stringify(raw)}`);
    const text = m[2] as string;
    assert.ok(text.length <= SCREEN_CHARS, `${text.length} characters > ${SCREEN_CHARS}: ${text}`);
    assert.match(text, /^[\n\x20-\x7e]*$/, 'plain GSM letters only');
    return { end: m[1] === 'END', text, lines: text.split('\n') };
  }

  /** The dangers a list screen offers: its numbered lines but 9 (more) and 0 (back). */
  const dangerLines = (s: { lines: string[] }) => s.lines.filter((l) => /^[1-8] /.test(l));

  async function publicSpot(id: number) {
    const res = await t.inject({ method: 'GET', url: `/api/spots/${id}` });
    return res.statusCode === 200 ? res.json().spot : undefined;
  }

  // Each language: what its screens say.
  const LANGS = [
    {
      choice: '1',
      name: 'English',
      main: 'Dangers near a place',
      back: '0 Back',
      more: '9 More',
      sent: /Spot #(\d+) is on the map now/,
      cancelled: 'Nothing was sent',
      notFound: 'No place called',
      invalid: 'Choose a number shown',
      police: 'Police',
      title: 'Robbery or snatching near Kalerwe',
      paid: 'normal call charges',
      notAnymore: 'Not anymore',
    },
    {
      choice: '2',
      name: 'Luganda',
      main: 'Obulabe okumpi',
      back: '0 Emabega',
      more: '9 Ebirala',
      sent: /Ekifo #(\d+) kiri ku maapu/,
      cancelled: 'Tewali kyaweerezeddwa',
      notFound: 'Tetusobodde kuzuula',
      invalid: 'Londa ennamba',
      police: 'Poliisi',
      title: 'Obubbi oba okunyakula okumpi ne Kalerwe',
      paid: 'osasula nga bulijjo',
      notAnymore: 'Tekikyali',
    },
    {
      choice: '3',
      name: 'Swahili',
      main: 'Hatari karibu na mahali',
      back: '0 Rudi',
      more: '9 Zaidi',
      sent: /Mahali #(\d+) pako kwenye ramani/,
      cancelled: 'Hakuna kilichotumwa',
      notFound: 'Hakuna mahali paitwapo',
      invalid: 'Chagua namba',
      police: 'Polisi',
      title: "Wizi au unyang'anyi karibu na Kalerwe",
      paid: 'gharama ya kawaida',
      notAnymore: 'Si hatari tena',
    },
  ] as const;

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

    for (const lang of LANGS) {
      describe(`in ${lang.name}`, () => {
        it('lists the dangers near a place a screen at a time', async () => {
          const s = session();
          await s.send();
          const main = screen(await s.send(lang.choice));
          assert.ok(main.text.includes(lang.main), main.text);
          assert.deepEqual(
            main.lines.filter((l) => /^\d /.test(l)).map((l) => l[0]),
            ['1', '2', '3', '4', '5', '6', '0'],
            'six numbered choices and back',
          );
          screen(await s.send('1'));
          const first = screen(await s.send('Wandegeya'));
          assert.equal(first.end, false);
          assert.ok(first.lines.includes(lang.more) && first.lines.at(-1) === lang.back, first.text);
          const page1 = dangerLines(first);
          assert.ok(page1.length >= 2, `a screen lists several dangers: ${first.text}`);
          assert.deepEqual(
            page1.map((l) => l[0]),
            page1.map((_, i) => String(i + 1)),
            'numbered choices from 1',
          );
          assert.match(
            first.text,
            /^1 Dark lane.* [1-5]\/5 \S.* \d+ m$/m,
            'severity, time of day and distance',
          );
          const second = screen(await s.send('9'));
          const page2 = dangerLines(second);
          assert.ok(
            page2.length >= 1 && page2.every((l) => !page1.includes(l)),
            `page 2 goes on: ${second.text}`,
          );
          let last = second;
          let nines = 1;
          for (; nines < 10 && last.lines.includes(lang.more); nines++) last = screen(await s.send('9'));
          assert.ok(!last.lines.includes(lang.more), 'the last screen offers no more');
          const refused = screen(await s.send('9'));
          assert.ok(
            refused.text.startsWith(lang.invalid),
            `9 on the last screen is refused: ${refused.text}`,
          );
          assert.deepEqual(dangerLines(refused), dangerLines(last), 'on the same screen');
          let back = refused;
          for (let i = 0; i < nines; i++) back = screen(await s.send('0'));
          assert.deepEqual(dangerLines(back), page1, '0 goes back page by page to the first');
        });

        it('opens a listed danger by its number and confirms it there, without typing an id', async () => {
          const s = session();
          await s.play(lang.choice, '1');
          const list = screen(await s.send('Wandegeya'));
          const chosen = dangerLines(list)[1] as string;
          const brief = screen(await s.send('2'));
          assert.equal(brief.end, false);
          const id = Number(/^#(\d+) /.exec(brief.lines[0] as string)?.[1]);
          const spot = await publicSpot(id);
          assert.ok(chosen.startsWith(`2 ${spot.title.slice(0, 12)}`), `${chosen} opens ${spot.title}`);
          assert.match(brief.lines[1] as string, new RegExp(`, ${spot.severity}/5, `), 'what, how bad, when');
          assert.match(brief.lines[1] as string, /\. \S/, 'verified, or how the votes stand');
          assert.deepEqual(
            brief.lines.slice(-3, -1).map((l) => /\((\d+)\)$/.exec(l)?.[1]),
            [String(spot.confirmations), String(spot.denials)],
            'each answer with how many gave it',
          );
          assert.deepEqual(
            brief.lines.slice(-3).map((l) => l[0]),
            ['1', '2', '0'],
            'the two answers, and back',
          );
          // "Not anymore" in the page's word for it (web dictionaries), one word in each language.
          assert.ok(brief.lines.at(-2)?.startsWith(`2 ${lang.notAnymore} (`), brief.lines.at(-2));
          const voted = screen(await s.send('1'));
          assert.equal(voted.end, true);
          assert.equal((await publicSpot(id)).confirmations, spot.confirmations + 1, 'the vote counts');
          const back = screen(await session().play(lang.choice, '1', 'Wandegeya', '2', '0'));
          assert.deepEqual(dangerLines(back), dangerLines(list), '0 from the spot is its list again');
        });

        it('asks which place when a name means several, and says when it means none', async () => {
          const s = session();
          await s.play(lang.choice, '1');
          const none = screen(await s.send('Nowhereville'));
          assert.ok(none.text.startsWith(lang.notFound) && none.text.includes('"Nowhereville"'), none.text);
          const number = screen(await s.send('0772123456'));
          assert.ok(number.text.includes('"[removed]"'), `a number typed is not shown back: ${number.text}`);
          const pick = screen(await s.send('Kawempe'));
          const options = pick.lines.filter((l) => /^[1-5] /.test(l));
          assert.ok(options.length >= 3, `the spot area and both places: ${pick.text}`);
          assert.ok(
            options.some((o) => o.includes('Kalerwe')) && options.some((o) => o.includes('Wandegeya')),
            "options.some((o) => o.includes('Kalerwe')) && options.some((o) => o.includes('Wandegeya'))",
          );
          const wandegeya = options.find((o) => o.includes('Wandegeya'))?.[0] as string;
          const list = screen(await s.send(wandegeya));
          assert.match(list.text, /Wandegeya/);
          assert.match(list.text, /Dark lane/, 'the dangers near the place picked');
        });

        it('reports a danger that then shows on the web map', async () => {
          const s = session();
          await s.play(lang.choice, '2');
          const category = screen(await s.send('Kalerwe'));
          assert.deepEqual(
            category.lines.filter((l) => /^\d /.test(l)).map((l) => l[0]),
            ['1', '2', '3', '4', '5', '6', '7', '0'],
          );
          const severity = screen(await s.send('4'));
          assert.equal(severity.lines.filter((l) => /^[1-5] /.test(l)).length, 5);
          screen(await s.send('4'));
          screen(await s.send('2'));
          const confirm = screen(await s.send('Dark path by the drain, call 0772 123 456'));
          assert.ok(confirm.text.includes('4/5') && confirm.text.includes('Kalerwe'), confirm.text);
          const done = screen(await s.send('1'));
          assert.equal(done.end, true);
          const id = Number(lang.sent.exec(done.text)?.[1]);
          const spot = await publicSpot(id);
          assert.ok(spot, `spot ${id} is public`);
          assert.equal(spot.title, lang.title, 'the title in the language of the report');
          assert.equal(spot.area, 'Kalerwe');
          assert.deepEqual([spot.category, spot.severity, spot.time_of_day], ['robbery', 4, 'night']);
          assert.equal(
            spot.description,
            'Dark path by the drain, call [removed]',
            'phone numbers are removed',
          );
          assert.deepEqual([spot.confirmations, spot.status], [1, 'unverified'], "the reporter's own vote");
          const list = await t.inject({ method: 'GET', url: '/api/spots?limit=500' });
          assert.ok(
            list.json().spots.some((x: { id: number }) => x.id === id),
            'in the list the web map loads',
          );
        });

        it('cancels a report, or sends one without words', async () => {
          const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spots'))[0]?.n;
          const cancelled = screen(
            await session().play(lang.choice, '2', 'Kalerwe', '7', '1', '3', '1', '2'),
          );
          assert.ok(cancelled.end && cancelled.text.includes(lang.cancelled), cancelled.text);
          const after = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spots'))[0]?.n;
          assert.equal(after, before, 'nothing stored');
          const sent = screen(await session().play(lang.choice, '2', 'Kalerwe', '7', '1', '3', '1', '1'));
          const spot = await publicSpot(Number(lang.sent.exec(sent.text)?.[1]));
          assert.deepEqual(
            [spot?.category, spot?.severity, spot?.time_of_day, spot?.description],
            ['other', 1, 'any', ''],
          );
        });

        it('confirms and denies a spot by its number', async () => {
          const [target] = (await t.inject({ method: 'GET', url: '/api/spots?limit=1' })).json().spots;
          const s = session();
          await s.play(lang.choice, '3');
          const unknown = screen(await s.send('99999'));
          assert.match(unknown.text, /#99999/, 'an unknown number is named back');
          const letters = screen(await s.send('abc'));
          assert.equal(letters.end, false, 'letters are refused, the session goes on');
          const shown = screen(await s.send(String(target.id)));
          assert.ok(
            shown.text.includes(`#${target.id}`) && shown.text.includes(String(target.confirmations)),
            shown.text,
          );
          const voted = screen(await s.send('1'));
          assert.equal(voted.end, true);
          const after = await publicSpot(target.id);
          assert.equal(after.confirmations, target.confirmations + 1, 'the vote counts');
          assert.ok(voted.text.includes(`${after.confirmations}`), voted.text);

          const again = screen(await session(s.phoneNumber).play('3', String(target.id), '1'));
          assert.match(again.text, new RegExp(`#${target.id}`));
          assert.equal(
            (await publicSpot(target.id)).confirmations,
            after.confirmations,
            'one vote per phone',
          );

          const denied = screen(await session().play(lang.choice, '3', `#${target.id}`, '2'));
          assert.equal(denied.end, true);
          assert.equal(
            (await publicSpot(target.id)).denials,
            target.denials + 1,
            'another phone on the same operator counts',
          );
        });

        it('shows the emergency numbers', async () => {
          const sos = screen(await session().play(lang.choice, '4'));
          assert.equal(sos.end, true);
          assert.ok(sos.text.includes(`999 ${lang.police}`) && sos.text.includes('112'), sos.text);
          assert.match(sos.text, new RegExp(`^999 ${lang.police}, \\S`, 'm'), 'free lines say so');
          assert.match(
            sos.text,
            new RegExp(`779 999 999 [^\\n]*, ${lang.paid}$`, 'm'),
            'the mobile police line is said to cost a call',
          );
        });
      });
    }

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

  describe('the USSD callback', () => {
    const form = {
      sessionId: 's1',
      serviceCode: '*284#',
      phoneNumber: '+256772999001',
      networkCode: '64110',
      text: '',
    };
    const payload = new URLSearchParams(form).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };

    it('is not found at another secret, or when the channels are off', async () => {
      const wrong = await t.inject({
        method: 'POST',
        url: '/api/channels/ussd/not-the-secret',
        payload,
        headers,
      });
      assert.equal(wrong.statusCode, 404);
      const off = await startTestApp();
      try {
        const res = await off.inject({
          method: 'POST',
          url: `/api/channels/ussd/${TEST_CHANNEL_SECRET}`,
          payload,
          headers,
        });
        assert.equal(res.statusCode, 404, 'off unless configured');
        const sms = await off.inject({
          method: 'POST',
          url: `/api/channels/sms/${TEST_CHANNEL_SECRET}`,
          payload,
          headers,
        });
        assert.equal(sms.statusCode, 404);
      } finally {
        await off.close();
      }
    });

    it('takes callbacks only from the listed gateway addresses when a list is set', async () => {
      const listed = await startTestApp({
        env: { CHANNEL_SECRET: TEST_CHANNEL_SECRET, CHANNEL_GATEWAY_ADDRESSES: '203.0.113.0/24' },
      });
      try {
        const url = `/api/channels/ussd/${TEST_CHANNEL_SECRET}`;
        const stranger = await listed.inject({
          method: 'POST',
          url,
          payload,
          headers,
          remoteAddress: '198.51.100.9',
        });
        assert.equal(stranger.statusCode, 403);
        const gatewayCall = await listed.inject({
          method: 'POST',
          url,
          payload,
          headers,
          remoteAddress: '203.0.113.20',
        });
        assert.equal(gatewayCall.statusCode, 200);
        assert.match(gatewayCall.body, /^CON Hatari/);
      } finally {
        await listed.close();
      }
    });

    it('refuses a callback without its fields', async () => {
      const res = await t.inject({
        method: 'POST',
        url: `/api/channels/ussd/${TEST_CHANNEL_SECRET}`,
        payload: 'text=1',
        headers,
      });
      assert.equal(res.statusCode, 400);
    });

    it("refuses, storing and counting nothing, an operator outside Uganda's MCC 641 or a number outside its ranges", async () => {
      const stored = async () =>
        JSON.stringify(
          await t.db.query(
            `SELECT (SELECT count(*) FROM channel_receipts) AS receipts, (SELECT count(*) FROM rate_counters) AS counters,
                  (SELECT count(*) FROM spots) AS spots, (SELECT count(*) FROM votes) AS votes`,
          ),
        );
      const before = await stored();
      const cases: Array<[string, string]> = [
        ['+256772999002', '64199'], // no such Ugandan network
        ['+256772999002', '63902'], // a Kenyan network
        ['+256772999002', '64101'], // an MTN number on Airtel's code
        ['+256701999002', '64110'], // an Airtel number on MTN's code
        ['+254712345678', '64110'], // a Kenyan number
        ['+256414123456', '64110'], // a landline
        ['+25677299', '64110'], // too short
      ];
      for (const [phoneNumber, networkCode] of cases) {
        const res = await t.inject({
          method: 'POST',
          url: `/api/channels/ussd/${TEST_CHANNEL_SECRET}`,
          payload: new URLSearchParams({
            ...form,
            sessionId: `x-${networkCode}`,
            phoneNumber,
            networkCode,
            text: '1*3*1*1',
          }).toString(),
          headers,
        });
        assert.equal(res.statusCode, 400, `${phoneNumber} on ${networkCode}`);
        assert.match(res.json().error, /Not a mobile number of Uganda/);
      }
      const sms = await t.inject({
        method: 'POST',
        url: `/api/channels/sms/${TEST_CHANNEL_SECRET}`,
        payload: new URLSearchParams({
          from: '+254712345678',
          to: '8177',
          text: 'WATCH Kalerwe',
          id: 'x-sms',
        }).toString(),
        headers,
      });
      assert.equal(sms.statusCode, 400, 'an SMS from a number outside Uganda');
      assert.equal(await stored(), before, 'nothing stored or counted');
      // Both codes of Airtel (01, and Warid's 22) serve its numbers.
      for (const code of ['64101', '64122']) {
        const res = await t.inject({
          method: 'POST',
          url: `/api/channels/ussd/${TEST_CHANNEL_SECRET}`,
          payload: new URLSearchParams({
            ...form,
            sessionId: `airtel-${code}`,
            phoneNumber: '+256701999003',
            networkCode: code,
          }).toString(),
          headers,
        });
        assert.equal(res.statusCode, 200, `${code}: ${res.body}`);
      }
    });

    it('takes the previous secret too while it is rotated out', async () => {
      const rotating = await startTestApp({
        env: { CHANNEL_SECRET: 'the-new-channel-secret', CHANNEL_SECRET_PREVIOUS: TEST_CHANNEL_SECRET },
      });
      try {
        for (const [secret, status] of [
          ['the-new-channel-secret', 200],
          [TEST_CHANNEL_SECRET, 200],
          ['an-older-channel-secret', 404],
        ] as const) {
          const res = await rotating.inject({
            method: 'POST',
            url: `/api/channels/ussd/${secret}`,
            payload,
            headers,
          });
          assert.equal(res.statusCode, status, secret);
        }
      } finally {
        await rotating.close();
      }
    });
  });
});
