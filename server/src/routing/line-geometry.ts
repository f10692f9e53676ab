/**
 * Distance from points to a route and how far along it they lie, in metres. Coordinates are
 * projected to a flat local plane (longitude scaled by the cosine of the route's mean latitude);
 * near the equator, over the length of a trip, this stays within 0.5% of geodesic figures.
 */
const METRES_PER_DEGREE = 111_195; // one degree of latitude on the mean Earth sphere

export interface Projected {
  /** Distance from the route. */
  distance: number;
  /** Metres from the start of the route to the closest point on it. */
  along: number;
}

/** A typed array's element, in bounds by construction. */
const at = (a: Float64Array, i: number) => a[i] as number;
/** [lng, lat] pairs packed one after another, as routes are kept. */
export const packLine = (pairs: Array<[number, number]>) => Float64Array.from(pairs.flat());

/** A packed line as GeoJSON, for the database. */
export function lineGeoJson(line: Float64Array): string {
  const pairs: string[] = [];
  for (let i = 0; i < line.length; i += 2) pairs.push(`[${at(line, i)},${at(line, i + 1)}]`);
  return `{"type":"LineString","coordinates":[${pairs.join(',')}]}`;
}

const FAR: Projected = { distance: Number.POSITIVE_INFINITY, along: 0 };

/**
 * A route's segments in a grid of square cells, so measuring a point looks at the few segments
 * near it instead of all of them: thousands of spots against a long route cost about as much as
 * against a short one. Each segment is entered in the cells of points sampled along it every half
 * cell, and in their eight neighbours; with cells at least twice `withinM`, every segment within
 * `withinM` of a point has a sample in the point's cell or a neighbour (the sample is at most
 * `withinM + cell/4` away), so one cell's list holds every segment a point in it can be near, in
 * route order. Points farther than `withinM` from every segment measure as infinitely far.
 *
 * A cell's key is its offset from the first vertex's cell, (dx · 2^15 + dy): a small integer, which
 * a Map hashes fastest, within 2^14 cells (4,900 km at 150 m). Farther cells may share a key; a
 * shared list only adds segments to measure exactly, never drops one.
 */
export class LineIndex {
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  /** Metres from the start to each vertex. */
  private readonly startOf: Float64Array;
  private readonly k: number;
  private readonly cell: number;
  private readonly cells = new Map<number, number[]>();
  private readonly originX: number;
  private readonly originY: number;

  /** `line`: [lng, lat] pairs packed one after another. */
  constructor(line: Float64Array, withinM: number) {
    const n = line.length / 2;
    let latSum = 0;
    for (let i = 1; i < line.length; i += 2) latSum += at(line, i);
    this.k = Math.cos((latSum / n) * (Math.PI / 180));
    this.cell = Math.max(2 * withinM, 1);
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
    this.startOf = new Float64Array(n);
    this.originX = Math.floor((at(line, 0) * this.k * METRES_PER_DEGREE) / this.cell);
    this.originY = Math.floor((at(line, 1) * METRES_PER_DEGREE) / this.cell);
    for (let i = 0; i < n; i++) {
      this.xs[i] = at(line, 2 * i) * this.k * METRES_PER_DEGREE;
      this.ys[i] = at(line, 2 * i + 1) * METRES_PER_DEGREE;
      if (i > 0) {
        const len = Math.hypot(at(this.xs, i) - at(this.xs, i - 1), at(this.ys, i) - at(this.ys, i - 1));
        this.startOf[i] = at(this.startOf, i - 1) + len;
        this.enter(i);
      }
    }
  }

  private key(x: number, y: number): number {
    return (Math.floor(x / this.cell) - this.originX) * 2 ** 15 + (Math.floor(y / this.cell) - this.originY);
  }

  /** Enters segment i (from vertex i-1 to i) in the cells of samples along it and their neighbours. */
  private enter(i: number): void {
    const ax = at(this.xs, i - 1);
    const ay = at(this.ys, i - 1);
    const dx = at(this.xs, i) - ax;
    const dy = at(this.ys, i) - ay;
    const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy) / (this.cell / 2)));
    for (let s = 0; s <= steps; s++) {
      const sample = this.key(ax + (dx * s) / steps, ay + (dy * s) / steps);
      for (let nx = -1; nx <= 1; nx++) {
        for (let ny = -1; ny <= 1; ny++) {
          const key = sample + nx * 2 ** 15 + ny;
          const list = this.cells.get(key);
          if (!list) this.cells.set(key, [i]);
          else if (list[list.length - 1] !== i) list.push(i);
        }
      }
    }
  }

  /** The closest point of the route to p, when within the index's distance. */
  measure(p: { lat: number; lng: number }): Projected {
    return this.measureAt(p.lat, p.lng);
  }

  /** As measure, for a point given by its coordinates. */
  measureAt(lat: number, lng: number): Projected {
    const px = lng * this.k * METRES_PER_DEGREE;
    const py = lat * METRES_PER_DEGREE;
    const list = this.cells.get(this.key(px, py));
    if (!list) return FAR;
    // Squared distances compared (Math.hypot is many times slower than a square root), one root at the end.
    let best2 = Number.POSITIVE_INFINITY;
    let bestAlong = 0;
    // In route order, so a tie goes to the earlier segment, as a scan of the whole line would.
    for (const i of list) {
      const ax = at(this.xs, i - 1);
      const ay = at(this.ys, i - 1);
      const dx = at(this.xs, i) - ax;
      const dy = at(this.ys, i) - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
      const ex = px - (ax + t * dx);
      const ey = py - (ay + t * dy);
      const d2 = ex * ex + ey * ey;
      if (d2 < best2) {
        best2 = d2;
        bestAlong = at(this.startOf, i - 1) + t * Math.sqrt(len2);
      }
    }
    return { distance: Math.sqrt(best2), along: bestAlong };
  }
}
