import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Region, region, UGANDA, useRegion } from '../../common/region.ts';
import { startTestApp, type TestApp } from '../../server/test/test-app.ts';
import {
  draftProblems,
  loadReportRules,
  type ReportDraft,
  readyReport,
} from '../src/map/report/report-draft.ts';

/**
 * The page checks a report with the server's own rules (common/report.ts): whatever the server
 * would refuse, the page refuses before sending, field by field, and what the server takes the
 * page sends. Compared on drafts where a copy of the rules drifted before (control characters
 * counted, messaging links, a day that does not exist), and again after a rule in common/ changes.
 */
const KAMPALA = { lat: 0.3136, lng: 32.5811 };

const draft = (over: Partial<ReportDraft> = {}): ReportDraft => ({
  point: KAMPALA,
  title: 'Unlit footpath behind the market',
  category: 'robbery',
  severity: 3,
  time_of_day: 'night',
  area: '',
  description: '',
  incident_date: '',
  source_url: '',
  ...over,
});

/** Drafts, and the fields both must refuse (none: the page sends it and the server takes it). */
const CASES: Record<string, [Partial<ReportDraft>, string[]]> = {
  'a whole report': [{}, []],
  'a title of two letters and two control characters': [{ title: 'ab\u0007\u0008' }, ['title']],
  'a full title and control characters, sent as the server cleans it': [
    { title: `${'a'.repeat(80)}\u0001\u0002\u0003` },
    [],
  ],
  'a title over the limit': [{ title: 'a'.repeat(81) }, ['title']],
  'a messaging link as the source': [{ source_url: 'https://wa.me/256772123456' }, ['source_url']],
  'a link holding a phone number': [
    { source_url: 'https://news.example.ug/call-0772-123-456' },
    ['source_url'],
  ],
  'a news link': [{ source_url: 'https://www.monitor.co.ug/news/2026' }, []],
  'a link without a real host': [{ source_url: 'https://localhost/story' }, ['source_url']],
  'a day that does not exist': [{ incident_date: '2026-02-30' }, ['incident_date']],
  'a place outside the country': [{ point: { lat: -1.29, lng: 36.82 } }, ['lat']],
  'no place': [{ point: undefined }, ['lat']],
  'nothing chosen': [{ category: '', severity: 0, time_of_day: '' }, ['category', 'severity', 'time_of_day']],
};

/** The fields a 400 of the server names (the location's as `lat`), in order. */
const refusedFields = (issues: { path: (string | number)[] }[]) =>
  [...new Set(issues.map((i) => (i.path[0] === 'lng' ? 'lat' : String(i.path[0]))))].sort();

describe('the page checks a report by the server’s rules', () => {
  let t: TestApp;
  const served: Region = region();
  before(async () => {
    t = await startTestApp();
    await loadReportRules();
  });
  after(async () => {
    useRegion(served);
    await t?.close();
  });

  /** What the page says of a draft, and what the server answers when it is sent as typed. */
  async function both(d: ReportDraft) {
    const page = Object.keys(draftProblems(d)).sort();
    const checked = await readyReport(d);
    assert.notEqual(checked, 'offline', 'the rules loaded');
    const ready = checked === 'offline' ? undefined : checked;
    const body = ready ?? {
      ...d,
      point: undefined,
      lat: d.point?.lat,
      lng: d.point?.lng,
      incident_date: d.incident_date || null,
      source_url: d.source_url || null,
    };
    const res = await t.inject({ method: 'POST', url: '/api/spots', payload: body });
    const server = res.statusCode === 400 ? refusedFields(res.json().issues) : [];
    return { page, server, status: res.statusCode, ready: ready !== undefined };
  }

  for (const [name, [over, refused]] of Object.entries(CASES)) {
    it(`${name}: the page refuses what the server refuses`, async () => {
      const { page, server, status, ready } = await both(draft(over));
      assert.deepEqual({ page, server }, { page: refused, server: refused }, `the server answered ${status}`);
      assert.equal(ready, status === 201, `the page sends it: ${ready}; the server answered ${status}`);
    });
  }

  it('a rule changed in common/ (the region’s box) changes the page’s verdict with the server’s', async () => {
    useRegion({ ...UGANDA, box: { minLat: 2, maxLat: 4.2, minLng: 29.5, maxLng: 35 } });
    const { page, server } = await both(draft());
    assert.deepEqual(page, ['lat']);
    assert.deepEqual(server, ['lat']);
    const north = await both(draft({ point: { lat: 3.02, lng: 30.91 } }));
    assert.deepEqual([north.page, north.status, north.ready], [[], 201, true]);
  });
});
