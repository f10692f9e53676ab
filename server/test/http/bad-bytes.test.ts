import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { controlCharacterAt } from '../../src/http/bad-bytes.ts';
import { report } from '../factories.ts';
import { startTestApp, type TestApp } from '../test-app.ts';

let t: TestApp;
let url: string;
describe('http/bad-bytes', () => {
  before(async () => {
    t = await startTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => t.close());

  const json = { 'content-type': 'application/json' };

  describe('control characters', () => {
    it('in a path or query are a 400 JSON error, never a 500, and leave no stack trace in the log', async () => {
      for (const address of [
        '/api/search?q=kalerwe%00',
        '/api/search?places=0&q=kal%0Derwe',
        '/api/spots?category=robbery%01',
        '/api/spots/%00',
        '/api/spots/1%7F',
        '/api/route?from=0.3,32.5%00&to=0.3,32.6',
        '/api/spots.csv?since=1%1F',
      ]) {
        const res = await t.inject({ method: 'GET', url: address });
        assert.equal(res.statusCode, 400, address);
        assert.equal(res.json().error, 'The address contains control characters', address);
        assert.ok(res.headers['ratelimit-limit'], `${address}: counted like any request, with its headers`);
      }
      assert.doesNotMatch(t.logs.text, /request failed|"level":50/);
    });

    it('in a body are a 400 naming the field; tabs and new lines in text are kept', async () => {
      const bad = await t.inject({
        method: 'POST',
        url: '/api/spots',
        headers: json,
        payload: JSON.stringify(report({ title: 'Dark\u0007 path' })),
      });
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json().issues, [
        { code: 'control_character', path: ['title'], message: 'Control characters are not allowed here' },
      ]);
      const nul = await t.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: json,
        payload: JSON.stringify({ username: 'ami\u0000na', password: 'whatever' }),
      });
      assert.equal(nul.statusCode, 400);
      assert.equal(nul.json().error, 'The request contains control characters');
      const flag = await t.inject({
        method: 'POST',
        url: '/api/spots/1/flag',
        headers: json,
        payload: JSON.stringify({ note: 'a\u0000' }),
      });
      assert.equal(flag.statusCode, 400);
      const lines = await t.inject({
        method: 'POST',
        url: '/api/spots',
        headers: json,
        payload: JSON.stringify(report({ description: 'First line\r\n\tthen more' })),
      });
      assert.equal(lines.statusCode, 201, lines.body);
      assert.equal(lines.json().spot.description, 'First line\n\tthen more');
      assert.doesNotMatch(t.logs.text, /request failed|"level":50/);
    });

    it('in a header are a 400 JSON answer from the server itself', async () => {
      const { port } = new URL(url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () =>
          socket.write('GET /api/spots HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\n\r\n'),
        );
        let text = '';
        socket.on('data', (d) => {
          text += d.toString();
        });
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });
      assert.match(answer, /^HTTP\/1\.1 400/);
      assert.match(answer, /Content-Type: application\/json/);
      assert.equal(typeof JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error, 'string');
    });

    it('are found wherever they hide in a parsed body', () => {
      assert.deepEqual(controlCharacterAt({ a: [1, { b: 'x\u001f' }] }), ['a', 1, 'b']);
      assert.deepEqual(controlCharacterAt({ 'k\u0000': 1 }), ['k\u0000']);
      assert.deepEqual(controlCharacterAt(['ok', 'no\u007f']), [1]);
      assert.equal(controlCharacterAt({ a: 'tab\tline\nreturn\r', n: 5, z: null }), undefined);
    });
  });
});
