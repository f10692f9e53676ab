import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

/**
 * Every `assert.ok` (and bare `assert`) in the tests names what failed. Without a message, a
 * failing one makes Node read and parse the test's source to quote the expression, which took
 * minutes for a browser test in CI.
 */
const DIRS = ['server/test', 'server/abuse', 'server/faults', 'web/test'];

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? tsFiles(path.join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [path.join(dir, e.name)]
        : [],
  );

/** Skips a quoted string, template or regex literal starting at `at`; the index after it. */
function skipLiteral(s: string, at: number): number {
  const open = s[at] as string;
  let i = at + 1;
  let nested = 0;
  let inClass = false;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (open === '`' && s.startsWith('${', i)) nested++;
    else if (open === '`' && c === '}' && nested > 0) nested--;
    else if (open === '/' && c === '[') inClass = true;
    else if (open === '/' && c === ']') inClass = false;
    else if (c === open && nested === 0 && !inClass) break;
  }
  return i + 1;
}

/** How many arguments the call whose `(` is at `at` has (a trailing comma adds none). */
function argumentCount(s: string, at: number): number {
  let depth = 0;
  let args = 0;
  /** Whether an argument has begun since the `(` or the last top-level comma. */
  let begun = false;
  let previous = '(';
  for (let i = at; i < s.length; ) {
    const c = s[i] as string;
    if (s.startsWith('//', i) || s.startsWith('/*', i)) {
      i = s.startsWith('//', i) ? s.indexOf('\n', i) : s.indexOf('*/', i) + 2;
      continue;
    }
    if (c === "'" || c === '"' || c === '`' || (c === '/' && '(,=!&|?:[{;'.includes(previous))) {
      i = skipLiteral(s, i);
      previous = 'x';
      begun = true;
      continue;
    }
    if (')]}'.includes(c) && --depth === 0) return args + (begun ? 1 : 0);
    if (c === ',' && depth === 1) {
      args++;
      begun = false;
    } else if (!/\s/.test(c) && i > at) begun = true;
    if ('([{'.includes(c)) depth++;
    if (!/\s/.test(c)) previous = c;
    i++;
  }
  throw new Error(`unbalanced call at ${at}`);
}

describe('test hygiene', () => {
  it('counts arguments past strings, templates, regexes and nested calls', () => {
    const count = (call: string) => argumentCount(call, call.indexOf('('));
    assert.equal(count('ok(a, "b, c")'), 2);
    assert.equal(count('ok(f(a, b) > 1)'), 1);
    assert.equal(count('ok(/a,(b/.test(x))'), 1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template, as text
    assert.equal(count('ok(`${f(a, b)},`)'), 1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template, as text
    assert.equal(count('ok(\n  x, // a, b\n  `y ${z}`,\n)'), 2);
    assert.equal(count('ok()'), 0);
  });

  it('every assert.ok in the tests has a message', () => {
    const bare: string[] = [];
    for (const file of DIRS.flatMap(tsFiles)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bassert(?:\.ok)?\(/g)) {
        const open = (m.index as number) + m[0].length - 1;
        if (argumentCount(text, open) === 1) bare.push(`${file}:${text.slice(0, open).split('\n').length}`);
      }
    }
    assert.deepEqual(bare, [], 'assert.ok without a message');
  });
});
