import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alertText } from '../../src/channels/alerts.ts';
import { nearList, smsText } from '../../src/channels/sms-text.ts';
import {
  flush,
  gateway,
  KALERWE,
  newPhone,
  reportAt,
  SCREEN_DAY,
  sms,
  t,
  useSmsApp,
  watch,
} from './sms-harness.ts';

/** SMS in the number's language, each message within one SMS of GSM letters. */
describe('channels/sms-language', () => {
  useSmsApp();

  describe("SMS in the number's language, one message each", () => {
    it('answers a Luganda word in Luganda, and keeps speaking it', async () => {
      const phone = newPhone();
      await sms(phone, 'ZUNGULUKA Kalerwe');
      await sms(phone, 'NEAR Kalerwe');
      await sms(phone, 'help');
      await flush();
      const [near, again, help] = gateway.to(phone);
      assert.match(near ?? '', /^Hatari, okumpi ne Kalerwe: #\d+ /);
      assert.match(again ?? '', /^Hatari, okumpi ne Kalerwe: /, 'an English word from a Luganda number');
      assert.match(help ?? '', /^Hatari: OKUMPI ekifo/);
      await sms(phone, 'ENGLISH');
      await sms(phone, 'near Kalerwe');
      await flush();
      assert.match(
        gateway.to(phone).at(-1) ?? '',
        /^Hatari, near Kalerwe: /,
        'and back to English on asking',
      );
    });

    it("KOMYA, STOP and the carriers' other words stop everything and erase the number; START answers again", async () => {
      for (const word of ['KOMYA', 'SITISHA', 'STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']) {
        await t.db.query('DELETE FROM watches');
        await t.db.query('DELETE FROM channel_numbers');
        const phone = newPhone();
        await watch(phone, 'Kalerwe');
        await sms(phone, 'OKUMPI Kalerwe');
        const hash = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM channel_numbers');
        assert.ok((hash[0]?.n ?? 0) > 0, 'a language is kept by hash');
        await sms(phone, word.toLowerCase());
        await flush();
        const kept = await t.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM watches)::int + (SELECT count(*) FROM channel_numbers)::int AS n`,
        );
        assert.equal(kept[0]?.n, 0, `${word}: no watch and no language left`);
        const stopped = gateway.to(phone).at(-1) ?? '';
        // In the word's language; an English word in the number's own (Luganda, from OKUMPI).
        assert.match(
          stopped,
          word === 'SITISHA' ? /^Hatari: yote yamesitishwa/ : /^Hatari: byonna bikomye/,
          word,
        );
        await reportAt(t, KALERWE, 5);
        await flush();
        assert.equal(gateway.alertsTo(phone).length, 0, `${word}: nothing more is sent`);
      }
      const phone = newPhone();
      await sms(phone, 'START');
      await flush();
      assert.match(gateway.to(phone).at(-1) ?? '', /^Hatari: welcome back\. NEAR place/);
    });

    it('MORE goes on down the list, one SMS at a time, until none are left', async () => {
      const nansana = { lat: 0.3633, lng: 32.5289 };
      for (let i = 0; i < 7; i++)
        await reportAt(t, { lat: nansana.lat + i * 0.0003, lng: nansana.lng }, 3, `more ${i}`);
      const phone = newPhone();
      await sms(phone, 'NEAR Nansana');
      for (let i = 0; i < 6; i++) await sms(phone, 'MORE');
      await flush();
      const answers = gateway.to(phone);
      const ids = answers.flatMap((a) => [...a.matchAll(/#(\d+)/g)].map((m) => m[1]));
      assert.ok(
        answers.every((a) => a.length <= 160),
        answers.join('\n'),
      );
      assert.equal(new Set(ids).size, ids.length, 'no danger twice');
      assert.ok(ids.length >= 7, `all seven: ${ids.length}`);
      assert.match(answers.at(-1) ?? '', /no more dangers near Nansana/);
    });

    it('NEAR lists three dangers in one SMS, MORE included, where their words allow', () => {
      const at = (
        id: number,
        category: 'robbery' | 'boda_gang' | 'stabbing',
        time: 'night' | 'any' | 'day',
      ) => ({
        id,
        title: 'unused',
        category,
        severity: 4,
        time_of_day: time,
        distance_m: 1250,
        last_word: SCREEN_DAY,
      });
      const dangers = [
        at(10234, 'robbery', 'night'),
        at(10235, 'boda_gang', 'any'),
        at(10236, 'stabbing', 'day'),
      ];
      const more = [...dangers, at(10237, 'robbery', 'night')];
      assert.equal(
        nearList('en', 'Kalerwe', more, 0, SCREEN_DAY).text,
        'Hatari, near Kalerwe: #10234 Robbery or snatching 4/5 at night 1.3km; #10235 Boda gang 4/5 1.3km; ' +
          '#10236 Stabbing or hacking 4/5 by day 1.3km. MORE for more',
      );
      // Luganda's and Swahili's words are longer: three when they are all, two and MORE otherwise.
      for (const lang of ['lg', 'sw'] as const) {
        const page = nearList(lang, 'Kalerwe', dangers, 0, SCREEN_DAY);
        assert.equal(page.shown, 3, `${lang}: ${page.text}`);
        assert.ok(page.text.length <= 160, `${lang}: ${page.text.length} characters`);
      }
    });

    it('repeats the hours of a WATCH in the answer to its YES', async () => {
      const phone = newPhone();
      await sms(phone, 'WATCH Kalerwe 18-23');
      await sms(phone, 'YES');
      await flush();
      assert.match(gateway.to(phone).at(-1) ?? '', /^Hatari: alerts on for Kalerwe \(18:00-23:00\)\./);
    });

    it('fits every answer and alert in one SMS of GSM letters, in every language, with the longest values', () => {
      const longest = 'W'.repeat(80);
      const gsm7 = /^[A-Za-z0-9 \n.,:;'"!?()#+\-/%&*=<>@$_]*$/;
      for (const lang of ['en', 'lg', 'sw'] as const) {
        const texts = [
          ...(['smsHelp', 'smsStopped', 'smsStarted', 'smsLang'] as const).map((k) => smsText(lang, k)),
          smsText(lang, 'smsNoPlace', { q: longest.slice(0, 30) }),
          smsText(lang, 'smsNoDangers', { place: longest.slice(0, 30) }),
          smsText(lang, 'smsNoMore', { place: longest.slice(0, 30) }),
          smsText(lang, 'smsWatchAsk', { place: longest.slice(0, 30) }),
          smsText(lang, 'smsWatching', {
            place: longest.slice(0, 30),
            radius: '4.5 km',
            hours: ', 12:00-23:00',
          }),
          smsText(lang, 'smsWatchFull', { max: 3 }),
          smsText(
            lang,
            'smsAlertsOn',
            {
              places: Array(3)
                .fill(`${longest.slice(0, 30)} (22:00-06:00)`)
                .join(', '),
            },
            'places',
          ),
          nearList(
            lang,
            longest.slice(0, 30),
            Array.from({ length: 30 }, (_, i) => ({
              id: 2_147_483_647 - i,
              title: longest,
              category: 'mob_action' as const,
              severity: 5,
              time_of_day: 'any' as const,
              distance_m: 2999,
              // A year without a word: the answer asks whether it is still there.
              last_word: new Date(SCREEN_DAY.getTime() - 365 * 86_400_000),
            })),
            0,
            SCREEN_DAY,
          ).text,
          alertText(
            lang,
            { id: 2_147_483_647, title: longest, category: 'mob_action', severity: 5, time_of_day: 'any' },
            longest,
            999,
          ),
        ];
        for (const text of texts) {
          assert.ok(text.length <= 160, `${lang}: ${text.length} characters: ${text}`);
          assert.match(text, gsm7, `${lang}: GSM letters only`);
        }
        console.log(`${lang}: longest SMS ${Math.max(...texts.map((x) => x.length))} characters`);
      }
    });
  });
});
