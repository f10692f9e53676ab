import type { RangeResponse, Source } from 'pmtiles';
import { type GuardOptions, UpstreamError, UpstreamGuard } from './http.ts';

/** A basemap tile is one range of a few KB; object storage answers in well under a second. */
const TIMEOUT_MS = 5000;
/** Tiles missing from this instance's cache at once; more wait for a place (the routes' 503). */
const ARCHIVE_GUARD: GuardOptions = { maxInFlight: 32, failuresToOpen: 5, openMs: 10_000 };

/**
 * A PMTiles archive in object storage (BASEMAP_PMTILES=https://…), read by byte ranges: the
 * pmtiles library asks for the header, directories and tiles it needs. Every range names the
 * archive's ETag once known, so a replaced archive is noticed (the library then starts afresh).
 */
export class RemoteArchive implements Source {
  private readonly url: string;
  private readonly userAgent: string;
  readonly guard: UpstreamGuard;

  constructor(url: string, userAgent: string, guard = new UpstreamGuard('basemap', ARCHIVE_GUARD)) {
    this.url = url;
    this.userAgent = userAgent;
    this.guard = guard;
  }

  getKey(): string {
    return this.url;
  }

  getBytes(offset: number, length: number, signal?: AbortSignal, etag?: string): Promise<RangeResponse> {
    return this.guard.run(async () => {
      let res: Response;
      try {
        res = await fetch(this.url, {
          headers: {
            range: `bytes=${offset}-${offset + length - 1}`,
            'user-agent': this.userAgent,
            ...(etag ? { 'if-match': etag } : {}),
          },
          signal: signal
            ? AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)])
            : AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (err) {
        const name = (err as Error).name;
        throw new UpstreamError(
          'basemap',
          name === 'TimeoutError' ? 'timeout' : 'unreachable',
          (err as Error).message,
        );
      }
      // 412: the archive changed under its ETag; the library invalidates what it cached and retries.
      if (res.status === 412) {
        await res.body?.cancel();
        const { EtagMismatch } = await import('pmtiles');
        throw new EtagMismatch();
      }
      if (res.status !== 206 && !(res.status === 200 && offset === 0)) {
        await res.body?.cancel();
        throw new UpstreamError('basemap', 'bad-status', `HTTP ${res.status} for a range`);
      }
      let data: ArrayBuffer;
      try {
        data = await res.arrayBuffer();
      } catch (err) {
        throw new UpstreamError('basemap', 'timeout', (err as Error).message);
      }
      // A server that ignores Range sends the whole archive: keep only what was asked.
      if (res.status === 200) data = data.slice(0, length);
      return { data, etag: res.headers.get('etag') ?? undefined };
    });
  }
}
