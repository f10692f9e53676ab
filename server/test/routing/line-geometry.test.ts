import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { LineIndex, type Projected, packLine } from '../../src/routing/line-geometry.ts';

// An east-west road along the equator from 32.50° to 32.60° (about 11.12 km), bending north at the end.
const road: Array<[number, number]> = [
  [32.5, 0],
  [32.55, 0],
  [32.6, 0],
  [32.6, 0.01],
];
const km = (deg: number) => deg * 111.195;
const M = 111_195;

/** `actual` within `tolerance` of `expected`, or a failure that says both. */
function near(actual: number, expected: number, tolerance: number, what: string) {
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what}: ${actual}, expected ${expected} ± ${tolerance}`,
  );
}

/** The measure by a scan of every segment: what the index must agree with. */
function scan(line: Array<[number, number]>, p: { lat: number; lng: number }): Projected {
  const k = Math.cos((line.reduce((s, [, lat]) => s + lat, 0) / line.length) * (Math.PI / 180));
  const xy = line.map(([lng, lat]) => [lng * k * M, lat * M] as [number, number]);
  const [px, py] = [p.lng * k * M, p.lat * M];
  let best = { distance: Number.POSITIVE_INFINITY, along: 0 };
  let start = 0;
  for (let i = 1; i < xy.length; i++) {
    const [ax, ay] = xy[i - 1] as [number, number];
    const [bx, by] = xy[i] as [number, number];
    const [dx, dy] = [bx - ax, by - ay];
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
    const distance = Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
    if (distance < best.distance) best = { distance, along: start + t * Math.sqrt(len2) };
    start += Math.sqrt(len2);
  }
  return best;
}

describe('LineIndex', () => {
  it('measures distance from the road and metres along it', () => {
    const index = new LineIndex(packLine(road), 2000);
    const [onRoad, beside, pastBend, beforeStart] = [
      { lat: 0, lng: 32.55 }, // on the road, halfway along the straight part
      { lat: 0.001, lng: 32.525 }, // ~111 m north of the road, a quarter along
      { lat: 0.005, lng: 32.601 }, // ~111 m east of the northbound leg, 556 m up it
      { lat: 0, lng: 32.49 }, // before the start, on the road's line
    ].map((p) => index.measure(p)) as [Projected, Projected, Projected, Projected];
    near(onRoad.distance, 0, 0.01, 'on the road: distance');
    near(onRoad.along, km(0.05) * 1000, 1, 'on the road: along');
    near(beside.distance, 111.2, 0.5, 'beside the road: distance');
    near(beside.along, km(0.025) * 1000, 1, 'beside the road: along');
    near(pastBend.distance, 111.2, 0.5, 'past the bend: distance');
    near(pastBend.along, (km(0.1) + km(0.005)) * 1000, 1, 'past the bend: along');
    near(beforeStart.distance, km(0.01) * 1000, 1, 'before the start: distance');
    assert.equal(beforeStart.along, 0);
  });

  it('says a point beyond its distance is far, not near', () => {
    assert.equal(new LineIndex(packLine(road), 150).measure({ lat: 0.01, lng: 32.52 }).distance, Infinity);
  });

  it('agrees with a scan of every segment for every point within its distance', () => {
    const coord = fc.tuple(
      fc.double({ min: 32.5, max: 32.7, noNaN: true }),
      fc.double({ min: 0.2, max: 0.4, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(coord, { minLength: 2, maxLength: 40 }),
        fc.array(coord, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 10, max: 500 }),
        (line, points, withinM) => {
          const index = new LineIndex(packLine(line), withinM);
          for (const [lng, lat] of points) {
            // Points near the line too: a vertex nudged a little.
            for (const p of [
              { lat, lng },
              { lat: (line[0]?.[1] ?? 0) + (lat - 0.3) / 500, lng: (line[0]?.[0] ?? 0) + (lng - 32.6) / 500 },
            ]) {
              const want = scan(line, p);
              const got = index.measure(p);
              if (want.distance <= withinM) {
                assert.ok(
                  Math.abs(got.distance - want.distance) < 1e-6,
                  `${got.distance} vs ${want.distance}`,
                );
                assert.ok(Math.abs(got.along - want.along) < 1e-6, `${got.along} vs ${want.along}`);
              } else {
                assert.ok(got.distance > withinM, 'got.distance > withinM');
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
