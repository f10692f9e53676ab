/**
 * npm run fakes: the fake routing and place services and SMS gateway on 127.0.0.1, for trying
 * search, routes, USSD and SMS by hand without network access. Point the app at them:
 *   OSRM_URL=http://127.0.0.1:5500 NOMINATIM_URL=http://127.0.0.1:5501 \
 *   TILE_URL='http://127.0.0.1:5502/{z}/{x}/{y}.png' \
 *   CHANNEL_SECRET=… SMS_API_URL=http://127.0.0.1:5503 SMS_USERNAME=sandbox \
 *   SMS_API_KEY=fake-api-key-for-tests PHONE_KEY=… npm start
 * Type "down", "hang", "garbage", "error" or "ok" and Enter to switch routing and place search;
 * "sms down", "sms error", "sms slow" or "sms ok" to switch the SMS gateway.
 */
import { createInterface } from 'node:readline';
import { FAKE_API_KEY, FAKE_USERNAME, FakeSmsGateway, type GatewayMode } from './fake-gateway.ts';
import { type FakeMode, FakeNominatim, FakeOsrm, FakeTiles, KAMPALA_PLACES } from './fakes.ts';

const osrm = new FakeOsrm();
const nominatim = new FakeNominatim(KAMPALA_PLACES);
const tiles = new FakeTiles();
const osrmUrl = await osrm.start(Number(process.env.FAKE_OSRM_PORT ?? 5500));
const nominatimUrl = await nominatim.start(Number(process.env.FAKE_NOMINATIM_PORT ?? 5501));
const tilesUrl = await tiles.start(Number(process.env.FAKE_TILES_PORT ?? 5502));
const gateway = new FakeSmsGateway();
gateway.slowMs = 12_000;
const gatewayUrl = await gateway.start(Number(process.env.FAKE_SMS_PORT ?? 5503));
gateway.onDelivery = (d) => console.log(`SMS to ${d.to}: ${d.message}`);
console.log(
  `fake OSRM at ${osrmUrl}, fake Nominatim at ${nominatimUrl}, fake tiles at ${tilesUrl}/{z}/{x}/{y}.png, ` +
    `fake SMS gateway at ${gatewayUrl} (SMS_USERNAME=${FAKE_USERNAME} SMS_API_KEY=${FAKE_API_KEY})`,
);
createInterface({ input: process.stdin }).on('line', (line) => {
  const sms = /^sms (ok|down|error|slow)$/.exec(line.trim());
  if (sms) {
    gateway.mode = sms[1] as GatewayMode;
    console.log(`SMS gateway: ${gateway.mode}`);
    return;
  }
  const mode = line.trim() as FakeMode;
  if (!['ok', 'down', 'hang', 'garbage', 'error'].includes(mode)) return;
  osrm.mode = mode;
  nominatim.mode = mode;
  console.log(`both fakes: ${mode}`);
});
