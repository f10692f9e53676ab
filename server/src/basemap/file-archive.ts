import { open, stat } from 'node:fs/promises';
import { EtagMismatch, type RangeResponse, type Source } from 'pmtiles';

const validator = (s: { size: number; mtimeMs: number }) =>
  `"${s.size.toString(36)}-${Math.floor(s.mtimeMs).toString(36)}"`;

/**
 * A PMTiles archive on this machine's disk, read by byte ranges. Its ETag is its size and change
 * time, so an archive refreshed in place (a new file renamed over the old) is noticed.
 */
export class FileArchive implements Source {
  readonly path: string;

  constructor(path: string) {
    this.path = path;
  }

  getKey(): string {
    return this.path;
  }

  /** The file's size and validator, read afresh. */
  async describe(): Promise<{ size: number; etag: string }> {
    const s = await stat(this.path);
    return { size: s.size, etag: validator(s) };
  }

  /**
   * Bytes of the archive (fewer at its end). An archive replaced since `etag` was read throws
   * EtagMismatch: the pmtiles library then forgets what it read of the old one and starts afresh.
   */
  async getBytes(
    offset: number,
    length: number,
    _signal?: AbortSignal,
    etag?: string,
  ): Promise<RangeResponse> {
    const file = await open(this.path, 'r');
    try {
      const s = await file.stat();
      const current = validator(s);
      if (etag && etag !== current) throw new EtagMismatch();
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, s.size - offset)));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, offset);
      return { data: new Uint8Array(buffer.subarray(0, bytesRead)).buffer, etag: current };
    } finally {
      await file.close();
    }
  }
}
