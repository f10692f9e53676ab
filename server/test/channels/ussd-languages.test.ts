import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dangerLines, LANGS, publicSpot, screen, session, t, useUssdApp } from './ussd-harness.ts';

/** The USSD menu's paths in English, Luganda and Swahili: every screen in the caller's language. */
describe('channels/ussd-languages', () => {
  useUssdApp();

  describe('the USSD menu', () => {
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
  });
});
