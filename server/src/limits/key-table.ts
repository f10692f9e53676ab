/**
 * Counts by key held in typed arrays: an open-addressing table (linear probing, deletion by backward
 * shift) whose keys are kept as 64-bit fingerprints and whose values are a fixed number of 32-bit
 * integer fields per key. The limits' memories keep a key for every visitor of the last windows (up to
 * 200,000), and as JavaScript objects they outlived the young generation, were copied into the old
 * one and marked by every major collection: about half the CPU of a cached read from a new visitor
 * (bench/NOTES.md, "The limits' counts out of the collector's way"). Here they are three array buffers,
 * which the collector neither copies nor traces.
 *
 * Two keys sharing a fingerprint would share their counts: with 200,000 keys the chance is about one
 * in 10^9, and the keys are salted hashes (identity.ts), which nobody outside can aim at a
 * fingerprint. No library keeps numeric fields per string key without an object per key (lru-cache
 * keeps a Map of keys), hence this one.
 */

/** Below this many slots, eviction looks at every key: the least recently used goes, exactly. */
const EXACT_BELOW = 64;
/** Slots looked at to find a key to evict in a larger table (Redis looks at 5 keys drawn at random). */
const SAMPLES = 16;

export class KeyTable {
  /** The keys' fields, `fields` of them at `slot * fields`; read afresh after a claim, which may replace it. */
  data: Int32Array;
  readonly fields: number;
  private fingerprints: Uint32Array;
  /** When each key was last claimed (a count of claims; 0: an empty slot). */
  private used: Float64Array;
  private mask: number;
  private tick = 0;
  /** Where eviction looks next in a large table. */
  private hand = 0;
  private count = 0;
  private readonly maxKeys: number;
  private h1 = 0;
  private h2 = 0;

  constructor(fields: number, maxKeys: number) {
    this.fields = fields;
    this.maxKeys = maxKeys;
    const slots = Math.min(1024, capacityFor(maxKeys));
    this.mask = slots - 1;
    this.data = new Int32Array(slots * fields);
    this.fingerprints = new Uint32Array(slots * 2);
    this.used = new Float64Array(slots);
  }

  get size(): number {
    return this.count;
  }

  /** The key's slot, or -1. */
  find(key: string): number {
    this.hash(key);
    return this.slotOf();
  }

  /**
   * The key's slot, made when new (its fields zero): at `maxKeys` the least recently claimed key that
   * `evictable` allows goes first; when none may go, the table grows instead.
   */
  claim(key: string, evictable?: (slot: number) => boolean): number {
    this.hash(key);
    let slot = this.slotOf();
    if (slot < 0) {
      if (this.count >= this.maxKeys) this.evictOne(evictable);
      if ((this.count + 1) * 2 > this.used.length) this.grow();
      // An empty slot's fields are zero already: deletion zeroes them, growing starts from zeros.
      slot = this.place(this.h1, this.h2);
      this.count++;
    }
    this.used[slot] = ++this.tick;
    return slot;
  }

  /** Forgets keys while there are more than `maxKeys` and `evictable` lets one go. */
  trim(evictable?: (slot: number) => boolean): void {
    while (this.count > this.maxKeys && this.evictOne(evictable)) {}
  }

  /** Forgets every key `expired` says is done with. */
  sweep(expired: (slot: number) => boolean): void {
    for (let slot = 0; slot < this.used.length; slot++) {
      // A deletion moves a later key into this slot: look at it again.
      while (this.used[slot] !== 0 && expired(slot)) this.delete(slot);
    }
  }

  /** Forgets the least recently claimed key of the next slots the hand passes (of all, in a small table). */
  private evictOne(evictable?: (slot: number) => boolean): boolean {
    const slots = this.used.length;
    let victim = -1;
    if (slots > EXACT_BELOW) {
      // The next slots a hand sweeping the table passes (keys at random, read in one run of memory),
      // and on past them until one key may go.
      for (let looked = 0; looked < slots && (looked < SAMPLES || victim < 0); looked++) {
        victim = this.older(this.hand, victim, evictable);
        this.hand = (this.hand + 1) & this.mask;
      }
    } else for (let slot = 0; slot < slots; slot++) victim = this.older(slot, victim, evictable);
    if (victim < 0) return false;
    this.delete(victim);
    return true;
  }

  /** The slot to evict of these two: the less recently claimed that may go (-1: none yet). */
  private older(slot: number, victim: number, evictable?: (slot: number) => boolean): number {
    const used = this.used[slot] as number;
    if (used === 0 || (victim >= 0 && used >= (this.used[victim] as number))) return victim;
    return (evictable?.(slot) ?? true) ? slot : victim;
  }

  /** Empties a slot, moving back the keys after it that probed past it (no tombstones). */
  private delete(slot: number): void {
    const { mask, fields } = this;
    let hole = slot;
    let next = (hole + 1) & mask;
    while (this.used[next] !== 0) {
      const home = (this.fingerprints[next * 2] as number) & mask;
      // The key at `next` fills the hole when its home is not after the hole (cyclically).
      if (((next - home) & mask) >= ((next - hole) & mask)) {
        this.move(next, hole);
        hole = next;
      }
      next = (next + 1) & mask;
    }
    this.used[hole] = 0;
    this.data.fill(0, hole * fields, (hole + 1) * fields);
    this.count--;
  }

  private move(from: number, to: number): void {
    const { fields } = this;
    this.fingerprints[to * 2] = this.fingerprints[from * 2] as number;
    this.fingerprints[to * 2 + 1] = this.fingerprints[from * 2 + 1] as number;
    this.used[to] = this.used[from] as number;
    this.data.copyWithin(to * fields, from * fields, (from + 1) * fields);
  }

  private grow(): void {
    const { data, fingerprints, used, fields } = this;
    const slots = used.length * 2;
    this.mask = slots - 1;
    this.data = new Int32Array(slots * fields);
    this.fingerprints = new Uint32Array(slots * 2);
    this.used = new Float64Array(slots);
    for (let from = 0; from < used.length; from++) {
      if (used[from] === 0) continue;
      const to = this.place(fingerprints[from * 2] as number, fingerprints[from * 2 + 1] as number);
      this.used[to] = used[from] as number;
      this.data.set(data.subarray(from * fields, (from + 1) * fields), to * fields);
    }
  }

  /** The first empty slot from a fingerprint's home, given that fingerprint; the caller marks it used. */
  private place(h1: number, h2: number): number {
    let slot = h1 & this.mask;
    while (this.used[slot] !== 0) slot = (slot + 1) & this.mask;
    this.fingerprints[slot * 2] = h1;
    this.fingerprints[slot * 2 + 1] = h2;
    return slot;
  }

  private slotOf(): number {
    let slot = this.h1 & this.mask;
    while (this.used[slot] !== 0) {
      if (this.fingerprints[slot * 2] === this.h1 && this.fingerprints[slot * 2 + 1] === this.h2) return slot;
      slot = (slot + 1) & this.mask;
    }
    return -1;
  }

  /** Two 32-bit hashes of the key (FNV-1a and a multiply-xorshift, each finished by murmur3's mix). */
  private hash(key: string): void {
    let a = 0x811c9dc5;
    let b = 0x9747b28c;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
    this.h1 = mix(a);
    this.h2 = mix(b);
  }
}

function mix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Slots for a number of keys: a power of two, at most half full. */
function capacityFor(keys: number): number {
  let slots = 8;
  while (slots < keys * 2) slots *= 2;
  return slots;
}
