import fc from 'fast-check';
import { REPORT_FIELDS } from '../../common/domain.ts';
import { report } from './factories.ts';
import { onPostgres } from './test-db.ts';

/**
 * The inputs the fuzz suites send: JSON bodies of our field names with odd values, prototype keys and
 * deep nesting, broken and huge bodies, wrong content types, query strings, path ids and header values.
 */
export const RUNS = Number(process.env.FUZZ_RUNS ?? (onPostgres ? 4000 : 300));

const FIELDS = [
  ...REPORT_FIELDS,
  'value',
  'reason',
  'note',
  'q',
  'places',
  'bbox',
  'limit',
  'cursor',
  'zoom',
  'from',
  'to',
  'mode',
  'avoid',
  'order',
  'at',
  'since',
  'status',
  'verified',
  'username',
  'password',
  'role',
  'requireApproval',
  'autoHideFlagThreshold',
  'state',
];
const NASTY = [
  "' OR 1=1 --",
  "'; DROP TABLE spots; --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '💥👩🏽‍🚒',
  'e\u0301',
  'Ŧ̵̢̛͉̮̲͚̪̳̖̪̤̤ͧ̿͗̆ͨ̓̿ͯ̀ͩ̈̀̉̈̇ͫ̀̏̚',
  '%00',
  '../../etc/passwd',
  '1e309',
  '-0',
  'NaN',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'javascript:alert(1)',
  '0772 123 456',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => 'x'.repeat(n)) },
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1, -1, 0, 5, 6, 0.31, 32.58, 4.3, 35.1, -1.6, 29.5),
);
const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** JSON objects shaped like our inputs: real field names, odd values, prototype keys, nesting. */
const jsonObject = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('object'),
    fc.array(tie('value'), { maxLength: 4 }),
  ),
  object: fc.dictionary(key, tie('value'), { maxKeys: 8 }),
})).object;

/** A valid report with one field broken, so the fuzz reaches past the first check. */
const nearlyValidReport = fc
  .record({ field: fc.constantFrom(...FIELDS.slice(0, 10)), value: scalar })
  .map(({ field, value }) => ({ ...report(), [field]: value }));

function deepNesting(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** A raw request body: JSON of many shapes, broken JSON, huge, deeply nested, or nothing. */
export const body = bodyNear(nearlyValidReport);

/** Raw bodies as above, with `nearlyValid` (a good body of the endpoint with one field broken) mixed in. */
export function bodyNear(nearlyValid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: jsonObject.map((o) => JSON.stringify(o)) },
    { weight: 3, arbitrary: nearlyValid.map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: fc.constant('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}') },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: 5000 }).map(deepNesting) },
    { weight: 1, arbitrary: fc.constant(JSON.stringify({ title: 'x'.repeat(70_000) })) },
    { weight: 1, arbitrary: fc.constantFrom('', 'null', '[]', '"text"', '1', '{', '{"title":}', '\u0000') },
  );
}

/** One broken field of a good body: `good` with `field` set to an odd value (or left out). */
export const oneFieldBroken = (good: Record<string, unknown>) =>
  fc
    .record({ field: fc.constantFrom(...Object.keys(good)), value: fc.option(scalar, { nil: undefined }) })
    .map(({ field, value }) => ({ ...good, [field]: value }));

/** A header value as a client can send one: printable ASCII, odd or huge, or an attack string. */
export const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.constantFrom(
    '',
    ' ',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '__proto__',
    '1.2.3.4, 5.6.7.8',
    '::ffff:10.0.0.1',
    'null',
    'hatari_session=',
    'hatari_session=x; hatari_session=y',
    'gzip;q=0, br;q=1e9',
    'bytes=0-1,5-',
    'W/"x"',
    '*',
    'x'.repeat(4000),
  ),
);
/** An address as a proxy header may carry it: real IPv4 and IPv6, lists of them, or anything. */
const forwarded = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.ipV4Extended(),
  fc.array(fc.oneof(fc.ipV4(), fc.ipV6()), { minLength: 2, maxLength: 6 }).map((a) => a.join(', ')),
  headerValue,
);

/**
 * The other headers a client may send to a public endpoint, each there or not: forwarded addresses
 * (the fuzzed app trusts its loopback peer, so they are read), compression, caching, cookies, CORS
 * and content negotiation. Whatever they say, the rules of the answer hold.
 */
export const clientHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'x-forwarded-for': forwarded,
    'x-real-ip': forwarded,
    'accept-encoding': fc.oneof(
      fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'identity;q=0', '*;q=0', 'br;q=0, gzip;q=1'),
      headerValue,
    ),
    'if-none-match': headerValue,
    'if-modified-since': fc.oneof(
      fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
      headerValue,
    ),
    cookie: headerValue,
    origin: headerValue,
    accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*', 'image/*;q=0'), headerValue),
    'accept-language': headerValue,
    range: headerValue,
    referer: headerValue,
  },
  { requiredKeys: [] },
);

export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined,
);
/** A query string of real and made-up parameters, some malformed percent-encoding. */
export const query = fc.oneof(
  fc
    .dictionary(key, fc.oneof(text, fc.integer().map(String)), { maxKeys: 6 })
    .map((d) => new URLSearchParams(d).toString()),
  fc.constantFrom(
    '%',
    '%E0%A4%A',
    'q=%FF',
    'bbox=1,2,3,4,5',
    'zoom=1e3',
    'limit=-1',
    'places=0&q=ab',
    'a[b]=c',
    `q=${'%20'.repeat(300)}`,
  ),
);
export const pathId = fc.oneof(
  fc.integer({ min: -5, max: 2_000_000_000 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    'abc',
    '%00',
    '..%2F..',
    '%F0%9F%92%A5',
    ' 1',
    '%E0%A4%A',
    '9'.repeat(101),
    'x'.repeat(3000),
  ),
);

/**
 * The answers a request to /api/spots/{id}… may get, by what the id is: a well-formed id gets one of
 * `wellFormed` (never a 400 for its id), a malformed one a 400, one too long to route a 414.
 */
export function statusesForId(id: string, wellFormed: number[]): number[] {
  if (id.length > 100) return [414];
  return /^[1-9]\d*$/.test(id) ? wellFormed : [400];
}

export const visitor = fc.integer({ min: 1, max: 1_000_000 }).map((n) => `fuzz-visitor-${n}`);
