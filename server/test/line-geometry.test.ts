import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { measureAgainstLine, type Projected } from '../src/routing/line-geometry.ts';

// An east-west road along the equator from 32.50° to 32.60° (about 11.12 km), bending north at the end.
const road: Array<[number, number]> = [
  [32.5, 0],
  [32.55, 0],
  [32.6, 0],
  [32.6, 0.01],
];
const km = (deg: number) => deg * 111.195;

describe('measureAgainstLine', () => {
  it('measures distance from the road and metres along it', () => {
    const [onRoad, beside, pastBend, beforeStart] = measureAgainstLine(road, [
      { lat: 0, lng: 32.55 }, // on the road, halfway along the straight part
      { lat: 0.001, lng: 32.525 }, // ~111 m north of the road, a quarter along
      { lat: 0.005, lng: 32.601 }, // ~111 m east of the northbound leg, 556 m up it
      { lat: 0, lng: 32.49 }, // before the start, on the road's line
    ]) as [Projected, Projected, Projected, Projected];
    assert.ok(onRoad.distance < 0.01);
    assert.ok(Math.abs(onRoad.along - km(0.05) * 1000) < 1);
    assert.ok(Math.abs(beside.distance - 111.2) < 0.5);
    assert.ok(Math.abs(beside.along - km(0.025) * 1000) < 1);
    assert.ok(Math.abs(pastBend.distance - 111.2) < 0.5);
    assert.ok(Math.abs(pastBend.along - (km(0.1) + km(0.005)) * 1000) < 1);
    assert.ok(Math.abs(beforeStart.distance - km(0.01) * 1000) < 1);
    assert.equal(beforeStart.along, 0);
  });
});
