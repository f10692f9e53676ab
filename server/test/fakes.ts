import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePng } from '../../web/png.ts';

/**
 * Fake map services on 127.0.0.1 that speak the real formats (OSRM route service, Nominatim jsonv2,
 * slippy-map PNG tiles),
 * count their calls, and can be told to fail, hang or answer garbage.
 */
export type FakeMode = 'ok' | 'down' | 'hang' | 'garbage' | 'error';

abstract class FakeServer {
  mode: FakeMode = 'ok';
  calls: URL[] = [];
  userAgents: string[] = [];
  /** Requests being answered (or held, when hanging) right now, and the most at once so far. */
  open = 0;
  maxOpen = 0;
  private readonly server: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();

  constructor() {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      this.calls.push(url);
      this.userAgents.push(String(req.headers['user-agent']));
      this.open++;
      this.maxOpen = Math.max(this.maxOpen, this.open);
      res.once('close', () => this.open--);
      switch (this.mode) {
        case 'down':
          req.socket.destroy();
          return;
        case 'hang':
          this.hanging.add(res);
          res.on('close', () => this.hanging.delete(res));
          return;
        case 'garbage':
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"this is": not json');
          return;
        case 'error':
          res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
          return;
        default: {
          const send = () => {
            const [status, body, type = 'application/json'] = this.answer(url);
            res
              .writeHead(status, { 'content-type': type })
              .end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
          };
          const held = this.heldUntil(url);
          if (held) void held.then(send);
          else send();
        }
      }
    });
  }

  protected abstract answer(url: URL): [number, unknown, string?];

  /** A promise to answer this request after, when it is to be held. */
  protected heldUntil(_url: URL): Promise<void> | undefined {
    return undefined;
  }

  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset() {
    this.mode = 'ok';
    this.calls = [];
    this.userAgents = [];
    this.maxOpen = this.open;
  }

  async stop() {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

type LngLat = [number, number];

function metres(a: LngLat, b: LngLat): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b[1] - a[1]) * rad) / 2) ** 2 +
    Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(((b[0] - a[0]) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** A polyline through the points with a vertex every ~50 m, as a road geometry would have. */
function densify(points: LngLat[]): LngLat[] {
  const out: LngLat[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i] as LngLat;
    const b = points[i + 1] as LngLat;
    const steps = Math.max(1, Math.ceil(metres(a, b) / 50));
    for (let s = 0; s < steps; s++)
      out.push([a[0] + ((b[0] - a[0]) * s) / steps, a[1] + ((b[1] - a[1]) * s) / steps]);
  }
  out.push(points[points.length - 1] as LngLat);
  return out;
}

function route(points: LngLat[], summary: string) {
  const coordinates = densify(points);
  let distance = 0;
  for (let i = 1; i < coordinates.length; i++)
    distance += metres(coordinates[i - 1] as LngLat, coordinates[i] as LngLat);
  return {
    geometry: { type: 'LineString', coordinates },
    legs: [{ summary, distance, duration: distance / 10, steps: [] }],
    distance,
    duration: distance / 10, // 36 km/h
    weight: distance / 10,
    weight_name: 'routability',
  };
}

/**
 * OSRM: the fastest route is the straight line; the alternative bends through a point 1.5 km to the
 * side. Via points are passed through in order.
 */
export class FakeOsrm extends FakeServer {
  noRoute = false;
  /** When set, routes through via points (detours) are answered only once it settles. */
  holdVias: Promise<void> | undefined;

  protected override heldUntil(url: URL): Promise<void> | undefined {
    return url.pathname.split(';').length > 2 ? this.holdVias : undefined;
  }

  protected answer(url: URL): [number, unknown] {
    const m = /^\/route\/v1\/([\w-]+)\/(.+)$/.exec(url.pathname);
    if (!m) return [400, { code: 'InvalidUrl', message: 'URL string malformed close to position 1' }];
    if (this.noRoute) return [400, { code: 'NoRoute', message: 'Impossible route between points' }];
    const points = (m[2] as string).split(';').map((p) => p.split(',').map(Number) as LngLat);
    const routes = [route(points, 'Straight Road')];
    if (url.searchParams.get('alternatives') === 'true' && points.length === 2) {
      const [a, b] = points as [LngLat, LngLat];
      const mid: LngLat = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const bend: LngLat = [
        mid[0] + 0.0135 * Math.sign(b[1] - a[1] || 1),
        mid[1] - 0.0135 * Math.sign(b[0] - a[0] || 1),
      ];
      routes.push(route([a, bend, b], 'Bend Road'));
    }
    return [
      200,
      {
        code: 'Ok',
        routes,
        waypoints: points.map((p) => ({ hint: 'x', distance: 1.2, name: '', location: p })),
      },
    ];
  }
}

export interface GazetteerEntry {
  name: string;
  display_name: string;
  lat: number;
  lon: number;
}

/** Nominatim jsonv2: entries whose name or display name contains the query; lat/lon as strings. */
export class FakeNominatim extends FakeServer {
  private readonly gazetteer: GazetteerEntry[];

  constructor(gazetteer: GazetteerEntry[]) {
    super();
    this.gazetteer = gazetteer;
  }

  protected answer(url: URL): [number, unknown] {
    if (url.pathname !== '/search' || url.searchParams.get('format') !== 'jsonv2')
      return [400, { error: 'bad request' }];
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const hits = this.gazetteer.filter((g) => g.display_name.toLowerCase().includes(q));
    return [
      200,
      hits.map((g, i) => ({
        place_id: 1000 + i,
        licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
        osm_type: 'node',
        osm_id: 5000 + i,
        lat: String(g.lat),
        lon: String(g.lon),
        category: 'place',
        type: 'suburb',
        place_rank: 20,
        importance: 0.3,
        addresstype: 'suburb',
        name: g.name,
        display_name: g.display_name,
        boundingbox: [String(g.lat - 0.01), String(g.lat + 0.01), String(g.lon - 0.01), String(g.lon + 0.01)],
      })),
    ];
  }
}

/** A few Kampala places, for trying search by hand and in the browser tests. */
export const KAMPALA_PLACES: GazetteerEntry[] = [
  {
    name: 'Kalerwe',
    display_name: 'Kalerwe, Kawempe, Kampala, Central Region, Uganda',
    lat: 0.34918,
    lon: 32.57195,
  },
  {
    name: 'Wandegeya',
    display_name: 'Wandegeya, Kawempe, Kampala, Central Region, Uganda',
    lat: 0.3319,
    lon: 32.5726,
  },
  { name: 'Nansana', display_name: 'Nansana, Wakiso, Central Region, Uganda', lat: 0.3633, lon: 32.5289 },
  {
    name: 'Old Taxi Park',
    display_name: 'Old Taxi Park, Nakivubo, Kampala, Central Region, Uganda',
    lat: 0.3123,
    lon: 32.577,
  },
];

/** Map tiles at /{z}/{x}/{y}.png: a pale grid, so a page without network still looks like a map. */
export class FakeTiles extends FakeServer {
  private readonly tile = encodePng(256, 256, (x, y) =>
    x % 64 === 0 || y % 64 === 0 ? [0xd6, 0xd9, 0xcf] : [0xf1, 0xef, 0xe6],
  );

  protected answer(url: URL): [number, unknown, string?] {
    return /^\/\d+\/\d+\/\d+\.png$/.test(url.pathname)
      ? [200, this.tile, 'image/png']
      : [404, { error: 'no tile' }];
  }
}
