import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { findTile, type Header, PMTiles, type Source, TileType, zxyToTileId } from 'pmtiles';
import type { TileJson } from '../../../common/api.ts';
import { AREA_MAX_BYTES, AREA_MAX_TILES } from '../../../common/domain.ts';
import { escapeHtml } from '../../../common/escape-html.ts';
import { type TileAddress, tileRange, tilesOfRange } from '../../../common/geo.ts';
import type { Box } from '../../../common/region.ts';
import { RemoteArchive } from '../clients/archive.ts';
import type { Config } from '../config.ts';
import { type EncodedBody, encodedBody } from '../http/encoded-body.ts';
import { ByteBudgetCache } from '../util/byte-budget-cache.ts';
import { FileArchive } from './file-archive.ts';

/** The MVT media type, as the danger tiles use it. */
export const BASEMAP_TILE_TYPE = 'application/vnd.mapbox-vector-tile';

/**
 * A basemap archive changes when an operator refreshes it (docs/operations.md): phones and proxies
 * may keep a tile a day, then revalidate it by its ETag (which names the archive it came from).
 */
export const BASEMAP_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** Tiles kept in memory: a city's worth at the zooms people use (a tile is 5–60 KB). */
const TILE_CACHE_BYTES = 32 * 1024 * 1024;
const TILE_CACHE_TTL_MS = 10 * 60 * 1000;

/** What the page needs to draw the basemap (written into its settings). */
export interface BasemapInfo {
  /** The tiles' address template on this site. */
  tiles: string;
  minZoom: number;
  /** The archive's deepest zoom: the page draws deeper views from these tiles. */
  maxZoom: number;
  attribution: string;
}

const BASEMAP_TILES = '/api/basemap/{z}/{x}/{y}.mvt';
/** The archive's data is OpenStreetMap's, credited as the map credits it. */
const OSM_ATTRIBUTION = '<a href="https://www.openstreetmap.org/copyright">© OpenStreetMap</a>';

/** A tile's address on this site. */
export const basemapTileUrl = (t: TileAddress) =>
  BASEMAP_TILES.replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y));

/**
 * The vector basemap: a PMTiles archive in the Protomaps basemap schema, read by byte ranges from a
 * file or from object storage (the pmtiles library keeps its header and directories), served as
 * z/x/y tiles, so phones, proxies and the service worker cache each tile by its address and an area
 * kept offline is a list of tiles. Tiles are kept in memory, compressed once per encoding.
 */
export class Basemap {
  readonly source: Source;
  readonly attribution: string;
  private readonly archive: PMTiles;
  private readonly tiles = new ByteBudgetCache<EncodedBody>({
    maxBytes: TILE_CACHE_BYTES,
    ttlMs: TILE_CACHE_TTL_MS,
    sizeOf: (t) => t.body.length * 2,
  });
  /** Tiles being read, so a view's simultaneous requests for one tile read it once. */
  private readonly reading = new Map<string, Promise<EncodedBody | undefined>>();

  constructor(source: Source, attribution: string) {
    this.source = source;
    this.attribution = attribution;
    this.archive = new PMTiles(source);
  }

  /**
   * The configured basemap, checked: its header must read and hold vector tiles. A basemap that
   * cannot be read is logged and left out (the page then says it has no background map).
   */
  static async open(config: Config, log: FastifyBaseLogger): Promise<Basemap | undefined> {
    if (!config.basemap) return undefined;
    const { source, attribution } = config.basemap;
    const basemap = new Basemap(
      /^https?:\/\//.test(source)
        ? new RemoteArchive(source, config.geocoderUserAgent)
        : new FileArchive(source),
      attribution,
    );
    try {
      const header = await basemap.header();
      if (header.tileType !== TileType.Mvt)
        throw new Error(`its tiles are not vector tiles (type ${header.tileType})`);
      basemap.info = { tiles: BASEMAP_TILES, minZoom: header.minZoom, maxZoom: header.maxZoom, attribution };
      log.info({ minZoom: header.minZoom, maxZoom: header.maxZoom }, 'basemap archive opened');
      return basemap;
    } catch (err) {
      log.error(
        { err, source: source.replace(/\?.*$/, '') },
        'the basemap archive cannot be read: no background map',
      );
      basemap.close();
      return undefined;
    }
  }

  header(): Promise<Header> {
    return this.archive.getHeader();
  }

  /** What the page is told of the basemap: read from the archive's header when it is opened. */
  info: BasemapInfo | undefined;

  /**
   * The archive as a TileJSON 3.0 tileset: its bounds, centre and zooms from its header, its layers
   * from its metadata (as the Protomaps basemaps write them), tiles at this site's absolute `origin`.
   */
  async tileJson(origin: string): Promise<TileJson> {
    const header = await this.archive.getHeader();
    const metadata = (await this.archive.getMetadata().catch(() => ({}))) as {
      name?: string;
      description?: string;
      vector_layers?: TileJson['vector_layers'];
    };
    return {
      tilejson: '3.0.0',
      name: metadata.name ?? 'Background map',
      description: metadata.description ?? 'The background map of the site (Protomaps basemap schema)',
      attribution: `${OSM_ATTRIBUTION} · ${escapeHtml(this.attribution)}`,
      tiles: [`${origin}${BASEMAP_TILES}`],
      minzoom: header.minZoom,
      maxzoom: header.maxZoom,
      bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
      center: [header.centerLon, header.centerLat, header.centerZoom],
      vector_layers: (metadata.vector_layers ?? []).map(({ id, description, minzoom, maxzoom, fields }) => ({
        id,
        ...(description ? { description } : {}),
        ...(minzoom === undefined ? {} : { minzoom }),
        ...(maxzoom === undefined ? {} : { maxzoom }),
        fields: fields ?? {},
      })),
    };
  }

  /** The local file, when the archive is one (served whole, by ranges, at /api/basemap.pmtiles). */
  get file(): FileArchive | undefined {
    return this.source instanceof FileArchive ? this.source : undefined;
  }

  /** A tile, compressed once per encoding; undefined where the archive has none (sea, beyond its box). */
  tile(t: TileAddress): Promise<EncodedBody | undefined> {
    const key = `${t.z}/${t.x}/${t.y}`;
    const kept = this.tiles.get(key);
    if (kept) return Promise.resolve(kept);
    let pending = this.reading.get(key);
    if (!pending) {
      pending = this.read(t).finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  /**
   * The tiles an area kept offline takes: those the archive holds over the box, zoom by zoom from
   * its shallowest, while all of a zoom fits within AREA_MAX_TILES and AREA_MAX_BYTES. Their sizes
   * come from the archive's directories (kept by the pmtiles library), no tile is read: a tile's
   * size as stored, compressed, is about what the phone downloads.
   */
  async area(box: Box): Promise<{ tiles: TileAddress[]; bytes: number; maxZoom: number | undefined }> {
    const header = await this.header();
    const tiles: TileAddress[] = [];
    let bytes = 0;
    let maxZoom: number | undefined;
    for (let z = header.minZoom; z <= header.maxZoom; z++) {
      const range = tileRange(box, z);
      if (tiles.length + range.count > AREA_MAX_TILES) break;
      const zoom: TileAddress[] = [];
      let zoomBytes = 0;
      for (const t of tilesOfRange(z, range)) {
        const length = await this.storedLength(header, t);
        if (length === 0) continue;
        zoom.push(t);
        zoomBytes += length;
      }
      if (bytes + zoomBytes > AREA_MAX_BYTES) break;
      tiles.push(...zoom);
      bytes += zoomBytes;
      maxZoom = z;
    }
    return { tiles, bytes, maxZoom };
  }

  /** A tile's length in the archive (0 where it holds none), found as getZxy finds it. */
  private async storedLength(header: Header, t: TileAddress): Promise<number> {
    const id = zxyToTileId(t.z, t.x, t.y);
    let offset = header.rootDirectoryOffset;
    let length = header.rootDirectoryLength;
    // A directory points to leaf directories at most three deep (the PMTiles v3 specification).
    for (let depth = 0; depth <= 3; depth++) {
      const entries = await this.archive.cache.getDirectory(this.source, offset, length, header);
      const entry = findTile(entries, id);
      if (!entry) return 0;
      if (entry.runLength > 0) return entry.length;
      offset = header.leafDirectoryOffset + entry.offset;
      length = entry.length;
    }
    return 0;
  }

  private async read(t: TileAddress): Promise<EncodedBody | undefined> {
    const [header, found] = await Promise.all([this.header(), this.archive.getZxy(t.z, t.x, t.y)]);
    if (!found || found.data.byteLength === 0) return undefined;
    const archive = createHash('sha1')
      .update(`${this.source.getKey()} ${header.etag ?? ''} ${header.rootDirectoryOffset}`)
      .digest('base64url')
      .slice(0, 10);
    const body = encodedBody(Buffer.from(found.data), {
      type: BASEMAP_TILE_TYPE,
      cacheControl: BASEMAP_CACHE_CONTROL,
      text: true,
      brotliQuality: 5,
      etag: `"${archive}-${t.z}-${t.x}-${t.y}"`,
    });
    this.tiles.set(`${t.z}/${t.x}/${t.y}`, body);
    return body;
  }

  close(): void {
    this.tiles.close();
  }
}
