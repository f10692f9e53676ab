import net from 'node:net';
import type { BrowserContext } from 'playwright-core';

/**
 * A phone's signal to the server: a relay on loopback that can be cut, as a phone loses its
 * connection. Losing it drops every open connection, refuses new ones and sets the browser context
 * offline. The context's offline mode alone is not enough: Playwright applies it to a service worker
 * Chromium (re)starts only after the worker may already have fetched, so the worker could still
 * reach the server (a test that relied on it alone failed once in CI).
 */
export class Signal {
  url = '';
  private lost = false;
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer((phone) => this.relay(phone));

  private readonly target: URL;

  private constructor(target: URL) {
    this.target = target;
  }

  /** A relay to `url` (the server's), listening on its own port of 127.0.0.1. */
  static async to(url: string): Promise<Signal> {
    const signal = new Signal(new URL(url));
    await new Promise<void>((resolve) => signal.server.listen(0, '127.0.0.1', resolve));
    signal.url = `http://127.0.0.1:${(signal.server.address() as net.AddressInfo).port}`;
    return signal;
  }

  private relay(phone: net.Socket) {
    if (this.lost) return phone.destroy();
    const server = net.connect(Number(this.target.port), this.target.hostname);
    const pairs: [net.Socket, net.Socket][] = [
      [phone, server],
      [server, phone],
    ];
    for (const [from, to] of pairs) {
      this.sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }

  /** The connections drop and new ones fail, with no offline event: a dead zone the phone does not notice. */
  cut() {
    this.lost = true;
    for (const socket of this.sockets) socket.destroy();
  }

  async lose(context: BrowserContext) {
    this.lost = true;
    for (const socket of this.sockets) socket.destroy();
    await context.setOffline(true);
  }

  async regain(context: BrowserContext) {
    this.lost = false;
    await context.setOffline(false);
  }

  async close() {
    this.lost = true;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
