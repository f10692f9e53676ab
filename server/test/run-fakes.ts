/**
 * npm run fakes: the fake routing and place services on 127.0.0.1, for trying search and routes by
 * hand without network access. Point the app at them:
 *   OSRM_URL=http://127.0.0.1:5500 NOMINATIM_URL=http://127.0.0.1:5501 \
 *   TILE_URL='http://127.0.0.1:5502/{z}/{x}/{y}.png' npm start
 * Type "down", "hang", "garbage", "error" or "ok" and Enter to switch routing and place search.
 */
import { createInterface } from 'node:readline';
import { type FakeMode, FakeNominatim, FakeOsrm, FakeTiles, KAMPALA_PLACES } from './fakes.ts';

const osrm = new FakeOsrm();
const nominatim = new FakeNominatim(KAMPALA_PLACES);
const tiles = new FakeTiles();
const osrmUrl = await osrm.start(Number(process.env.FAKE_OSRM_PORT ?? 5500));
const nominatimUrl = await nominatim.start(Number(process.env.FAKE_NOMINATIM_PORT ?? 5501));
const tilesUrl = await tiles.start(Number(process.env.FAKE_TILES_PORT ?? 5502));
console.log(
  `fake OSRM at ${osrmUrl}, fake Nominatim at ${nominatimUrl}, fake tiles at ${tilesUrl}/{z}/{x}/{y}.png`,
);
createInterface({ input: process.stdin }).on('line', (line) => {
  const mode = line.trim() as FakeMode;
  if (!['ok', 'down', 'hang', 'garbage', 'error'].includes(mode)) return;
  osrm.mode = mode;
  nominatim.mode = mode;
  console.log(`both fakes: ${mode}`);
});
