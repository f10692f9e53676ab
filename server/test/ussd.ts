/**
 * npm run ussd: play a USSD session in the terminal against a running Hatari, as a basic phone
 * would through the gateway, and send SMS from the same phone.
 *
 *   CHANNEL_SECRET=… npm run ussd [-- --url http://127.0.0.1:3000 --phone +256772000001 --network 64110]
 *
 * Type each answer and Enter. After an END screen, Enter dials again. A line starting with "sms "
 * sends the rest as an SMS from this phone (NEAR Kalerwe, WATCH Kalerwe, STOP); the answers arrive
 * through the SMS gateway (`npm run fakes` prints what its fake gateway delivers). "q" quits.
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { httpPoster, smsForm, UssdSession } from './fake-gateway.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.HATARI_URL ?? 'http://127.0.0.1:3000' },
    secret: { type: 'string', default: process.env.CHANNEL_SECRET },
    phone: { type: 'string', default: '+256772000001' },
    network: { type: 'string', default: '64110' },
  },
});
if (!values.secret) {
  console.error('Set CHANNEL_SECRET (as the server has it) or pass --secret.');
  process.exit(2);
}
const post = httpPoster(values.url, values.secret);
const terminal = createInterface({ input: process.stdin, output: process.stdout });

/** Shows a screen as a phone does: its text, and whether it waits for an answer. */
function show(answer: string): boolean {
  const end = answer.startsWith('END ');
  console.log(
    `\n┌${'─'.repeat(34)}\n${answer.slice(4).replace(/^/gm, '│ ')}\n└${'─'.repeat(34)} ${answer.length - 4}/182`,
  );
  return end;
}

let session = new UssdSession(post, values.phone, values.network);
console.log(`Dialling ${session.serviceCode} as ${values.phone} at ${values.url}`);
try {
  let ended = show(await session.send());
  for (;;) {
    const line = (await terminal.question(ended ? '(Enter: dial again, q: quit) ' : '> ')).trim();
    if (line === 'q') break;
    if (line.toLowerCase().startsWith('sms ')) {
      await post('sms', smsForm(values.phone, line.slice(4)));
      console.log('SMS sent; the answer comes through the SMS gateway.');
      continue;
    }
    if (ended) {
      session = new UssdSession(post, values.phone, values.network);
      ended = show(await session.send());
    } else {
      ended = show(await session.send(line));
    }
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  terminal.close();
}
