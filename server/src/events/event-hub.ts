import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.ts';
import { HttpError } from '../http/errors.ts';
import type { Clock } from '../util/clock.ts';
import { type Box, eventText, isPublic, queueText, reloadText, touches } from './event-text.ts';
import { type ChangeRow, changeIds, changesAfter, trimChanges } from './events.sql.ts';

/** What the hub writes to: one open stream (an HTTP response kept open). */
export interface StreamTarget {
  write(text: string): boolean;
  /** Bytes written but not yet taken by the client. */
  readonly writableLength: number;
  end(): void;
}

interface Stream {
  target: StreamTarget;
  box: Box | undefined;
  network: string;
  /** A moderators' console: told once per read that something changed, held reports included. */
  moderator: boolean;
  /** No reload before then (ms, the app's clock): a client is not made to reload every second. */
  quietUntil: number;
  /** A reload held back by quietUntil, as of this change id: what the stream hears instead of events. */
  reloadDue?: string;
  /** While the stream opens (its replay read): what it was sent meanwhile, written after the replay. */
  held?: { id?: string; text: string }[];
}

export interface EventHubOptions {
  /** Open streams this instance keeps at most, site-wide. */
  maxStreams: number;
  /** Open streams one wide network (IPv4 /24, IPv6 /48) keeps at most on this instance. */
  maxPerNetwork: number;
  /** A comment line this often keeps each stream (and the proxies on its way) from timing out. */
  heartbeatMs: number;
  /** How often the log is read while streams are open, NOTIFY or not (embedded storage has none). */
  pollMs: number;
  /** A change written this long ago can no longer be overtaken by one committed later. */
  settleMs: number;
  /** A client slower than this many bytes behind is closed; it reconnects with Last-Event-ID. */
  maxBufferedBytes: number;
  /** Changes kept for reconnecting clients. */
  keepMs: number;
  /** At most this many missed changes are replayed; more, and the client is told to reload. */
  maxReplay: number;
  /**
   * More new changes than this in one read for one stream (the hourly archiving, a moderator's
   * bulk decision) are sent to it as one reload, so a burst costs one write per stream.
   */
  maxBurst: number;
  /** At most one reload this often per stream; a burst meanwhile is told once it is over. */
  reloadGapMs: number;
}

const EVENT_HUB_DEFAULTS: EventHubOptions = {
  maxStreams: 6000,
  maxPerNetwork: 300,
  heartbeatMs: 20_000,
  pollMs: 1000,
  settleMs: 5000,
  maxBufferedBytes: 256 * 1024,
  keepMs: 24 * 3600_000,
  maxReplay: 500,
  maxBurst: 50,
  reloadGapMs: 30_000,
};

/** How soon after a write the changes are read: writes meanwhile share the read. */
const SOON_MS = 50;
/** Changes read at a time; a full page means a backlog (#skipBacklog). */
const READ_PAGE = 1000;
/** How long a refused client is asked to wait before it tries again. */
const RETRY_AFTER_S = 30;

/**
 * The live stream's fan-out on one instance (GET /api/events, docs/api.md "Live changes"). Every
 * write to a spot leaves a row in `spot_changes` (a trigger, migration 0033); the hub reads the rows
 * after the last it read soon after a write to public data (here, or on another instance: the
 * notice that empties the caches) and every `pollMs` while streams are open, and writes each to the
 * streams whose box holds it, built once for all of them.
 * Rows are numbered when written but seen when committed, so a later number can be seen first: the
 * hub reads again from the highest number older than `settleMs` and skips the ones it sent.
 * Streams are bounded site-wide and per wide network; a slow client is closed, not buffered for.
 */
export class EventHub {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #clock: Clock;
  readonly #opts: EventHubOptions;
  readonly #streams = new Set<Stream>();
  readonly #perNetwork = new Map<string, number>();
  /** Every change at or below it was read and sent (or is older than settleMs and never came). */
  #floor: bigint | undefined;
  /** Changes above the floor already sent. */
  readonly #sent = new Set<string>();
  /** The first stream's read of the floor, shared by the streams opening with it. */
  #starting: Promise<void> | undefined;
  /** Counts the times nobody listened: a read begun before then is dropped. */
  #epoch = 0;
  #reading: Promise<void> | undefined;
  #again = false;
  #soon: NodeJS.Timeout | undefined;
  #timers: NodeJS.Timeout[] = [];
  #lastTrim = 0;

  constructor(db: Db, log: FastifyBaseLogger, clock: Clock, opts: Partial<EventHubOptions> = {}) {
    this.#db = db;
    this.#log = log;
    this.#clock = clock;
    this.#opts = { ...EVENT_HUB_DEFAULTS, ...opts };
  }

  get size(): number {
    return this.#streams.size;
  }

  start(): void {
    this.#timers = [
      setInterval(() => {
        if (this.#streams.size > 0) void this.read();
        else void this.#trim().catch((err) => this.#log.warn({ err }, 'could not trim the spots changes'));
      }, this.#opts.pollMs),
      setInterval(() => this.heartbeat(), this.#opts.heartbeatMs),
    ];
    for (const timer of this.#timers) timer.unref();
  }

  /** The refusal for a new stream when the site's streams are all taken (before any other work). */
  full(): HttpError | undefined {
    return this.#streams.size >= this.#opts.maxStreams ? busy('Too many live streams are open') : undefined;
  }

  /** The refusal for a new stream from `network`, when the site's or the network's streams are all taken. */
  refusal(network: string): HttpError | undefined {
    return this.full() ?? this.#networkFull(network);
  }

  /**
   * Opens a stream (admitted by `refusal`) for a client of `network`: replays what it missed after
   * `lastEventId` (or tells it to reload when that is no longer kept), then keeps it for new changes
   * in `box`. Returns what closes it.
   */
  async open(
    target: StreamTarget,
    network: string,
    box: Box | undefined,
    lastEventId?: string,
    { moderator = false } = {},
  ) {
    const stream: Stream = { target, box, network, moderator, quietUntil: 0, held: [] };
    this.#perNetwork.set(network, (this.#perNetwork.get(network) ?? 0) + 1);
    this.#streams.add(stream);
    try {
      await this.#start();
      // A console asks its queue again when it (re)opens: it needs no replay.
      const replay = lastEventId === undefined || moderator ? [] : await this.#replay(stream, lastEventId);
      // Its first bytes: from then on the stream hears every change (unless closed meanwhile). A new
      // stream is given the floor as its id: a reconnect before any event still gets what it missed.
      const since = lastEventId === undefined && this.#floor !== undefined ? `id: ${this.#floor}\n` : '';
      if (this.#streams.has(stream))
        for (const text of [`retry: 3000\n${since}\n`, ...replay]) target.write(text);
    } catch (err) {
      this.#log.warn({ err }, 'could not open a live stream');
      this.#close(stream);
      target.end();
    }
    const held = stream.held ?? [];
    stream.held = undefined;
    for (const { text } of held) this.#send(stream, text);
    return () => this.#close(stream);
  }

  /** Reads from the newest change on when the first stream opens (once for the streams opening with it). */
  #start(): Promise<void> {
    if (this.#floor !== undefined) return Promise.resolve();
    const epoch = this.#epoch;
    this.#starting ??= changeIds(this.#db)
      .then(({ newest }) => {
        if (epoch === this.#epoch) this.#floor = BigInt(newest);
      })
      .finally(() => {
        this.#starting = undefined;
      });
    return this.#starting;
  }

  #networkFull(network: string): HttpError | undefined {
    return (this.#perNetwork.get(network) ?? 0) >= this.#opts.maxPerNetwork
      ? busy('Too many live streams are open from your network')
      : undefined;
  }

  /**
   * What a stream reconnecting after `lastEventId` missed: the changes in its box already sent to the
   * others (those still to come reach it with them, and those it was sent while opening are not
   * repeated), or a reload when they are no longer all kept.
   */
  async #replay(stream: Stream, lastEventId: string): Promise<string[]> {
    const { oldest, newest } = await changeIds(this.#db);
    const missed = await changesAfter(this.#db, lastEventId, this.#opts.maxReplay + 1, this.#opts.settleMs);
    const lost = oldest !== null && BigInt(lastEventId) < BigInt(oldest) - 1n;
    if (lost || missed.length > this.#opts.maxReplay) return [reloadText(newest)];
    const heard = new Set(stream.held?.map((h) => h.id));
    const box = stream.box;
    return missed
      .filter((c) => isPublic(c) && this.#wasSent(c.id) && !heard.has(c.id) && (!box || touches(box, c)))
      .map(eventText);
  }

  /** Whether change `id` was read and sent to the streams open then. */
  #wasSent(id: string): boolean {
    return (this.#floor !== undefined && BigInt(id) <= this.#floor) || this.#sent.has(id);
  }

  #close(stream: Stream): void {
    if (!this.#streams.delete(stream)) return;
    const left = (this.#perNetwork.get(stream.network) ?? 1) - 1;
    if (left > 0) this.#perNetwork.set(stream.network, left);
    else this.#perNetwork.delete(stream.network);
    if (this.#streams.size === 0) {
      // Nobody listens: the next stream starts from the changes after its own opening, and a
      // read begun before is dropped.
      this.#floor = undefined;
      this.#sent.clear();
      this.#epoch++;
    }
  }

  /**
   * A write to public data was made, here or on another instance (SharedChanges): the changes are
   * read within SOON_MS, once however many writes came meanwhile.
   */
  soon(): void {
    if (this.#soon || this.#streams.size === 0) return;
    this.#soon = setTimeout(() => {
      this.#soon = undefined;
      void this.read();
    }, SOON_MS);
    this.#soon.unref();
  }

  /** Reads the new changes and sends them; one read at a time, and one more after it when asked meanwhile. */
  read(): Promise<void> {
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = this.#readOnce()
      .catch((err) => this.#log.warn({ err }, 'could not read the spots changes for the live stream'))
      .finally(() => {
        this.#reading = undefined;
        if (this.#again) {
          this.#again = false;
          void this.read();
        }
      });
    return this.#reading;
  }

  async #readOnce(): Promise<void> {
    if (this.#floor === undefined || this.#streams.size === 0) return;
    const epoch = this.#epoch;
    const changes = await changesAfter(this.#db, String(this.#floor), READ_PAGE, this.#opts.settleMs);
    if (epoch !== this.#epoch) return;
    if (changes.length === READ_PAGE) return this.#skipBacklog(epoch);
    const fresh = changes.filter((c) => !this.#sent.has(c.id));
    for (const c of fresh) this.#sent.add(c.id);
    for (const c of changes) if (c.settled) this.#floor = BigInt(c.id);
    for (const id of this.#sent) if (BigInt(id) <= (this.#floor ?? 0n)) this.#sent.delete(id);
    if (fresh.length > 0) this.#broadcast(fresh);
    this.#reloadsDue();
    await this.#trim();
  }

  /**
   * More changes waiting than one read takes (a backlog: the archiving of thousands of old spots):
   * every stream is told to reload as of the newest change, and reading goes on from there.
   */
  async #skipBacklog(epoch: number): Promise<void> {
    const { newest } = await changeIds(this.#db);
    if (epoch !== this.#epoch) return;
    for (const stream of this.#streams) this.#reload(stream, newest);
    this.#floor = BigInt(newest);
    this.#sent.clear();
  }

  /**
   * Each new public change to the streams whose box holds it; a burst of other changes than new
   * dangers as one reload (maxBurst, at most one per reloadGapMs). A moderators' console is told once
   * that spots changed, held reports included.
   */
  #broadcast(changes: ChangeRow[]): void {
    const texts = changes.map(eventText);
    const last = (changes[changes.length - 1] as ChangeRow).id;
    const open = changes.flatMap((c, i) => (isPublic(c) ? [i] : []));
    const toConsoles = queueText(changes);
    for (const stream of this.#streams) {
      if (stream.moderator) {
        this.#send(stream, toConsoles);
        continue;
      }
      const box = stream.box;
      const near = box ? open.filter((i) => touches(box, changes[i] as ChangeRow)) : open;
      // A new danger is sent as itself even in a burst of other changes (the archiving of old
      // spots): a phone sees it at once, and the rest comes with a reload.
      const published = near.filter((i) => changes[i]?.kind === 'published');
      const others = near.filter((i) => changes[i]?.kind !== 'published');
      if (published.length > this.#opts.maxBurst) this.#reload(stream, last);
      else {
        for (const i of published) this.#send(stream, texts[i] as string, changes[i]?.id);
        if (others.length > this.#opts.maxBurst || (stream.reloadDue && others.length > 0))
          this.#reload(stream, last);
        else for (const i of others) this.#send(stream, texts[i] as string, changes[i]?.id);
      }
    }
  }

  /**
   * Tells a stream to reload as of change `id`: at once, or when its quiet time is over (the
   * changes meanwhile are covered by that reload, so none of them is sent one by one).
   */
  #reload(stream: Stream, id: string): void {
    const now = this.#clock.now().getTime();
    if (now < stream.quietUntil) {
      stream.reloadDue = id;
      return;
    }
    stream.reloadDue = undefined;
    stream.quietUntil = now + this.#opts.reloadGapMs;
    this.#send(stream, reloadText(id));
  }

  /** The reloads held back whose quiet time is over. */
  #reloadsDue(): void {
    for (const stream of this.#streams) if (stream.reloadDue) this.#reload(stream, stream.reloadDue);
  }

  /** Writes `text` (change `id`'s event, if it is one) to a stream, or holds it while the stream opens. */
  #send(stream: Stream, text: string, id?: string): void {
    if (!this.#streams.has(stream)) return;
    if (stream.held) {
      stream.held.push({ id, text });
      return;
    }
    if (stream.target.writableLength > this.#opts.maxBufferedBytes) {
      // Too far behind: closed rather than buffered for; it comes back with Last-Event-ID.
      this.#close(stream);
      stream.target.end();
      return;
    }
    stream.target.write(text);
  }

  heartbeat(): void {
    for (const stream of this.#streams) this.#send(stream, ': \n\n');
  }

  async #trim(): Promise<void> {
    const now = this.#clock.now().getTime();
    if (now - this.#lastTrim < 600_000) return;
    this.#lastTrim = now;
    await trimChanges(this.#db, new Date(now - this.#opts.keepMs));
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    clearTimeout(this.#soon);
    // A stream opening meanwhile gets its first line (it is waiting on this read) before it ends.
    await this.#starting;
    for (const stream of [...this.#streams]) {
      this.#close(stream);
      stream.target.end();
    }
    await this.#reading;
  }
}

function busy(message: string): HttpError {
  const err = new HttpError(
    503,
    `${message}; nothing is wrong with your request. Try again after Retry-After seconds.`,
  );
  err.retryAfterSeconds = RETRY_AFTER_S;
  return err;
}
