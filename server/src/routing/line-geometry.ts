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
/** Cell keys: (ix, iy) packed in one number; cells are never more than 2^20 from the origin. */
const cellKey = (ix: number, iy: number) => (ix + 2 ** 20) * 2 ** 21 + (iy + 2 ** 20);

/**
 * A route's segments in a grid of square cells, so measuring a point looks at the few segments
 * near it instead of all of them: thousands of spots against a long route cost about as much as
 * against a short one. Each segment is entered in the cells of points sampled along it every half
 * cell; with cells at least twice `withinM`, every segment within `withinM` of a point has a sample
 * in the point's cell or a neighbour (the sample is at most `withinM + cell/4` away). Points
 * farther than `withinM` from every segment measure as infinitely far.
 */
export class LineIndex {
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  /** Metres from the start to each vertex. */
  private readonly startOf: Float64Array;
  private readonly k: number;
  private readonly cell: number;
  private readonly cells = new Map<number, number[]>();

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

  /** Enters segment i (from vertex i-1 to i) in the cells of samples along it. */
  private enter(i: number): void {
    const ax = at(this.xs, i - 1);
    const ay = at(this.ys, i - 1);
    const dx = at(this.xs, i) - ax;
    const dy = at(this.ys, i) - ay;
    const steps = Math.max(1, Math.ceil(Math.hypot(dx, dy) / (this.cell / 2)));
    for (let s = 0; s <= steps; s++) {
      const key = cellKey(
        Math.floor((ax + (dx * s) / steps) / this.cell),
        Math.floor((ay + (dy * s) / steps) / this.cell),
      );
      const list = this.cells.get(key);
      if (!list) this.cells.set(key, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  }

  /** The closest point of the route to p, when within the index's distance. */
  measure(p: { lat: number; lng: number }): Projected {
    const px = p.lng * this.k * METRES_PER_DEGREE;
    const py = p.lat * METRES_PER_DEGREE;
    const cx = Math.floor(px / this.cell);
    const cy = Math.floor(py / this.cell);
    const candidates: number[] = [];
    for (let ix = cx - 1; ix <= cx + 1; ix++) {
      for (let iy = cy - 1; iy <= cy + 1; iy++) {
        const list = this.cells.get(cellKey(ix, iy));
        if (list) candidates.push(...list);
      }
    }
    // In route order, so a tie goes to the earlier segment, as a scan of the whole line would.
    candidates.sort((a, b) => a - b);
    let best = FAR;
    let last = -1;
    for (const i of candidates) {
      if (i === last) continue;
      last = i;
      const ax = at(this.xs, i - 1);
      const ay = at(this.ys, i - 1);
      const dx = at(this.xs, i) - ax;
      const dy = at(this.ys, i) - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
      const distance = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
      if (distance < best.distance) best = { distance, along: at(this.startOf, i - 1) + t * Math.sqrt(len2) };
    }
    return best;
  }
}
