import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { report } from '../factories.ts';
import { countSpots, post, useReportApp } from './spots-report-harness.ts';

/** POST /api/spots: every kind of invalid input is a 400 with its issues, and nothing is stored. */
describe('spots/spots-report-invalid', () => {
  useReportApp();

  describe('POST /api/spots: invalid input is 400 with issues, and nothing is stored', () => {
    const cases: Array<[string, unknown, string]> = [
      ['title missing', report({ title: undefined }), 'title'],
      ['title too short', report({ title: 'ab' }), 'title'],
      ['title only spaces', report({ title: '     ' }), 'title'],
      ['title too long', report({ title: 'x'.repeat(81) }), 'title'],
      ['title not text', report({ title: 42 }), 'title'],
      ['description too long', report({ description: 'd'.repeat(601) }), 'description'],
      ['area too long', report({ area: 'a'.repeat(81) }), 'area'],
      ['lat missing', report({ lat: undefined }), 'lat'],
      ['lat a string', report({ lat: '0.3' }), 'lat'],
      ['lng missing', report({ lng: undefined }), 'lng'],
      ['category unknown', report({ category: 'theft' }), 'category'],
      ['category missing', report({ category: undefined }), 'category'],
      ['severity 0', report({ severity: 0 }), 'severity'],
      ['severity 6', report({ severity: 6 }), 'severity'],
      ['severity 2.5', report({ severity: 2.5 }), 'severity'],
      ['severity a string', report({ severity: '3' }), 'severity'],
      ['time_of_day unknown', report({ time_of_day: 'evening' }), 'time_of_day'],
      ['time_of_day missing', report({ time_of_day: undefined }), 'time_of_day'],
      ['incident_date malformed', report({ incident_date: '23/09/2026' }), 'incident_date'],
      ['incident_date not a day', report({ incident_date: '2026-02-30' }), 'incident_date'],
      ['source_url javascript:', report({ source_url: 'javascript:alert(1)' }), 'source_url'],
      ['source_url ftp', report({ source_url: 'ftp://example.org/x' }), 'source_url'],
      ['source_url not a URL', report({ source_url: 'not a link' }), 'source_url'],
      ['source_url too long', report({ source_url: `https://example.org/${'p'.repeat(281)}` }), 'source_url'],
      // A source is a news, police or court page: never a messaging or calling link, nor a number.
      ['source_url wa.me', report({ source_url: 'https://wa.me/256772123456' }), 'source_url'],
      [
        'source_url WhatsApp',
        report({ source_url: 'https://api.whatsapp.com/send?phone=256772123456' }),
        'source_url',
      ],
      ['source_url Telegram', report({ source_url: 'https://t.me/bodaman' }), 'source_url'],
      ['source_url tel:', report({ source_url: 'tel:0772123456' }), 'source_url'],
      ['source_url sms:', report({ source_url: 'sms:+256772123456' }), 'source_url'],
      [
        'source_url with a number',
        report({ source_url: 'https://example.org/x?phone=0772123456' }),
        'source_url',
      ],
      [
        'source_url with a spaced number',
        report({ source_url: 'https://example.org/0772%20123%20456' }),
        'source_url',
      ],
      [
        'source_url with a foreign number',
        report({ source_url: 'https://example.org/c/%2B44-7911-123456' }),
        'source_url',
      ],
    ];
    for (const [name, body, field] of cases) {
      it(name, async () => {
        const before = await countSpots();
        const res = await post(body);
        assert.equal(res.statusCode, 400, res.body);
        const json = res.json();
        assert.equal(typeof json.error, 'string');
        assert.ok(
          json.issues.some((i: { path: unknown[] }) => i.path[0] === field),
          `expected an issue at ${field}: ${res.body}`,
        );
        for (const issue of json.issues) {
          assert.equal(typeof issue.message, 'string');
          assert.equal(Array.isArray(issue.path), true, 'each issue has its path');
        }
        assert.equal(await countSpots(), before);
      });
    }

    for (const [name, lat, lng] of [
      ['south of Uganda', -1.61, 32],
      ['north of Uganda', 4.31, 32],
      ['west of Uganda', 0.3, 29.49],
      ['east of Uganda', 0.3, 35.11],
      ['Nairobi', -1.29, 36.82],
    ] as const) {
      it(`a location ${name} is one custom issue at path ["lat"]`, async () => {
        const res = await post(report({ lat, lng }));
        assert.equal(res.statusCode, 400);
        const issues = res.json().issues;
        assert.deepEqual(
          issues.filter((i: { code: string }) => i.code === 'custom').map((i: { path: unknown }) => i.path),
          [['lat']],
        );
      });
    }

    for (const [name, payload] of [
      ['malformed JSON', '{"title": "abc",'],
      ['an empty body', ''],
      ['a JSON array', '[]'],
      ['a JSON string', '"report"'],
      ['null', 'null'],
    ] as const) {
      it(`${name} is a 400 with error and issues`, async () => {
        const res = await post(payload);
        assert.equal(res.statusCode, 400);
        assert.equal(typeof res.json().error, 'string');
        assert.equal(Array.isArray(res.json().issues), true, 'with its issues');
      });
    }

    it('a body over the size limit is a JSON 413', async () => {
      const res = await post(report({ description: 'x'.repeat(100_000) }));
      assert.equal(res.statusCode, 413);
      assert.equal(typeof res.json().error, 'string');
    });
  });
});
