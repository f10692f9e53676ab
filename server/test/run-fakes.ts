/**
 * npm run fakes: the fake routing and place services on 127.0.0.1, for trying search and routes by
 * hand without network access. Point the app at them:
 *   OSRM_URL=http://127.0.0.1:5500 NOMINATIM_URL=http://127.0.0.1:5501 npm start
 * Type "down", "hang", "garbage", "error" or "ok" and Enter to switch both services' behaviour.
 */
import { createInterface } from 'node:readline';
import { type FakeMode, FakeNominatim, FakeOsrm } from './fakes.ts';

const osrm = new FakeOsrm();
const nominatim = new FakeNominatim([
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
]);
const osrmUrl = await osrm.start(Number(process.env.FAKE_OSRM_PORT ?? 5500));
const nominatimUrl = await nominatim.start(Number(process.env.FAKE_NOMINATIM_PORT ?? 5501));
console.log(`fake OSRM at ${osrmUrl}, fake Nominatim at ${nominatimUrl}`);
createInterface({ input: process.stdin }).on('line', (line) => {
  const mode = line.trim() as FakeMode;
  if (!['ok', 'down', 'hang', 'garbage', 'error'].includes(mode)) return;
  osrm.mode = mode;
  nominatim.mode = mode;
  console.log(`both fakes: ${mode}`);
});
