import net from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

export interface ListenOptions {
  host: string;
  port: number;
  /** Listening sockets on the port (LISTEN_SOCKETS); more than one only where SO_REUSEPORT balances (Linux). */
  sockets: number;
}

export interface Listening {
  /** The address the server answers on (as Fastify prints it). */
  address: string;
  /** How many sockets listen on it; app.close() closes them all. */
  sockets: number;
}

/**
 * Starts listening, on several sockets of one port where the system balances new connections across them.
 *
 * Why: Node's event loop accepts one new connection per listening socket per turn of the loop (measured
 * with strace: one accept4 after each epoll wakeup, Node 20 and 24), and under load a turn is long, since
 * it reads and answers every connection that has a request ready: at 200 busy connections a turn took
 * 0.3–0.6 s, so a burst of new connections waited in the kernel's accept queue for many seconds before
 * the server saw them (measured with `pnpm load`: ~5 accepts a second, 168 connections queued, requests
 * timing out at 10 s while every request the server saw finished within 1.7 s). With SO_REUSEPORT the
 * kernel spreads connections over N sockets, each accepted once per turn: N at a time.
 */
export async function listenWide(app: FastifyInstance, options: ListenOptions): Promise<Listening> {
  const wide = options.sockets > 1 && process.platform === 'linux';
  const extras: net.Server[] = [];
  /** Connections the extra sockets accepted: the HTTP server serves them, but its close does not wait for them. */
  const handedOver = new Set<net.Socket>();
  let drained: (() => void) | undefined;
  let closing = false;
  // Closing: every socket stops taking connections with Fastify's own (preClose), and a response still
  // being made says `Connection: close`, so its connection ends with it instead of idling on keep-alive
  // (Node closes the idle ones at once); the app's onClose hooks (the database) run only once the
  // connections the other sockets accepted have ended too, as Fastify waits for its own. These hooks run
  // before the app's (onClose hooks run last-added first), after Fastify has closed its server.
  app.addHook('preClose', async () => {
    closing = true;
    for (const extra of extras) extra.close();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    if (handedOver.size === 0) return;
    await new Promise<void>((resolve) => {
      drained = resolve;
    });
  });
  // Fastify hands its listen options to Node's server.listen, whose reusePort its types do not list yet.
  const listenOptions: FastifyListenOptions & { reusePort: boolean } = {
    host: options.host,
    port: options.port,
    reusePort: wide,
  };
  const address = await app.listen(listenOptions);
  const bound = app.server.address();
  if (wide && bound && typeof bound === 'object') {
    for (let i = 1; i < options.sockets; i++) {
      // Each connection is handed to the HTTP server as if its own socket had accepted it.
      const extra = net.createServer((socket) => {
        handedOver.add(socket);
        socket.once('close', () => {
          handedOver.delete(socket);
          if (handedOver.size === 0) drained?.();
        });
        app.server.emit('connection', socket);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          extra.once('error', reject);
          extra.listen({ host: bound.address, port: bound.port, reusePort: true }, () => {
            extra.off('error', reject);
            resolve();
          });
        });
      } catch (error) {
        // A system that refuses SO_REUSEPORT still serves, on the sockets it took.
        app.log.warn({ err: error, sockets: 1 + extras.length }, 'could not listen on more sockets');
        break;
      }
      extras.push(extra);
    }
  }
  return { address, sockets: 1 + extras.length };
}
