import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { en, type StringKey } from '../../common/words/en.ts';
import { fill, pluralKey } from '../../common/words/fill.ts';
import { lg } from '../../common/words/lg.ts';
import { sw } from '../../common/words/sw.ts';
import { say } from '../src/channels/words.ts';

const dictionaries = { en, lg, sw } as const;
const has = (k: string): k is StringKey => k in en;
/** What the page shows for `key` and the count `n` in `lang` (as its tn() does). */
const counted = (lang: keyof typeof dictionaries, key: StringKey, n: number, vars = {}) =>
  fill(dictionaries[lang][pluralKey(lang, key, n, has)], { ...vars, n });

describe('the dictionaries', () => {
  it('fill {name} with its value and leave a name without one as written', () => {
    assert.equal(fill('{n} of {label}', { n: 3, label: 'network 1' }), '3 of network 1');
    assert.equal(fill('{n} of {label}', { n: 3 }), '3 of {label}');
  });

  it('say one thing in the singular and more in the plural, in every language', () => {
    assert.equal(counted('en', 'mod.log.d.flagsClosed', 1), '1 flag closed');
    assert.equal(counted('en', 'mod.log.d.flagsClosed', 2), '2 flags closed');
    assert.equal(counted('en', 'mod.log.d.flagsClosed', 0), '0 flags closed');
    assert.equal(
      counted('en', 'mod.net.voided.votes', 1, { label: 'network 1' }),
      '1 vote of network 1 voided.',
    );
    assert.equal(counted('en', 'wait.minutes', 1), '1 minute');
    assert.equal(counted('sw', 'mod.log.d.flagsClosed', 1), 'lalamiko 1 limefungwa');
    assert.equal(counted('sw', 'mod.log.d.flagsClosed', 4), 'malalamiko 4 yamefungwa');
    assert.equal(counted('lg', 'mod.log.d.flagsClosed', 1), 'ekiragiro 1 kiggaddwa');
    assert.equal(counted('lg', 'mod.log.d.flagsClosed', 4), 'ebiragiro 4 biggaddwa');
  });

  it('keep the key itself where it has no forms of its own', () => {
    assert.equal(pluralKey('en', 'route.option', 1, has), 'route.option');
  });

  it('count votes on USSD and SMS in the form each number takes (Luganda: 1 agamba, 2 bagamba)', () => {
    assert.equal(say('lg', 'votes', { c: 1, d: 2 }), '1 agamba kikyali kya bulabe, 2 bagamba tekikyali');
    assert.equal(say('lg', 'votes', { c: 3, d: 1 }), '3 bagamba kikyali kya bulabe, 1 agamba tekikyali');
    assert.equal(
      say('en', 'voted', { id: 7, c: 1, d: 0 }),
      'Thank you. #7 now: 1 still dangerous, 0 not anymore.',
    );
    assert.equal(say('sw', 'votes', { c: 2, d: 1 }), '2 bado ni hatari, 1 si hatari tena');
  });
});
