import net from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWide } from '../src/web/listen.js';
import { createTestApp, type TestApp } from './support/app.js';
import { waitFor } from './support/wait.js';

const BURST = 48;

/**
 * Opens `count` connections at once, then counts how many the server accepts in each turn of the event
 * loop until it has them all. Answers the counts per turn (turns accepting nothing left out) and the sockets.
 */
async function burst(t: TestApp, port: number, count: number) {
  let accepted = 0;
  t.app.server.on('connection', () => {
    accepted += 1;
  });
  const sockets = Array.from({ length: count }, () => net.connect({ host: '127.0.0.1', port }));
  await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
  const perTurn: number[] = [];
  let before = accepted;
  while (accepted < count) {
    await nextTurn();
    if (accepted > before) perTurn.push(accepted - before);
    before = accepted;
  }
  return { perTurn, sockets };
}

/** One HTTP/1.1 request on a raw socket; answers the status line. */
function statusOf(socket: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('data', (chunk) => resolve(chunk.toString('latin1').split('\r\n', 1)[0] ?? ''));
    socket.once('error', reject);
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  });
}

describe.runIf(process.platform === 'linux')('listening on several sockets of one port', () => {
  let t: TestApp | undefined;
  let clients: net.Socket[] = [];

  afterEach(async () => {
    for (const socket of clients) socket.destroy();
    clients = [];
    await t?.close();
    t = undefined;
  });

  it('one socket: the event loop accepts one new connection per turn (why there are several)', async () => {
    t = await createTestApp({}, { ready: false });
    const listening = await listenWide(t.app, { host: '127.0.0.1', port: 0, sockets: 1 });
    expect(listening.sockets).toBe(1);
    const { perTurn, sockets } = await burst(t, portOf(t), BURST);
    clients = sockets;
    expect(Math.max(...perTurn)).toBe(1);
  });

  it('several sockets accept a burst several at a time, and every connection is served by the one app', async () => {
    t = await createTestApp({}, { ready: false });
    const listening = await listenWide(t.app, { host: '127.0.0.1', port: 0, sockets: 16 });
    expect(listening.sockets).toBe(16);
    const { perTurn, sockets } = await burst(t, portOf(t), BURST);
    clients = sockets;
    expect(Math.max(...perTurn)).toBeGreaterThan(1);
    expect(perTurn.length).toBeLessThan(BURST);
    const statuses = await Promise.all(sockets.map(statusOf));
    expect(new Set(statuses)).toEqual(new Set(['HTTP/1.1 200 OK']));
  });

  it('closing stops every socket, then waits for requests in flight on any of them before the database closes', async () => {
    t = await createTestApp({}, { ready: false });
    const app = t.app;
    const db = t.db;
    // Requests on connections the first socket accepted wait for one gate, the others for another.
    const gates = { first: gate(), others: gate() };
    const arrived = { first: 0, others: 0 };
    app.get('/slow', async (request) => {
      const which = acceptedBy(request.raw.socket) === app.server ? 'first' : 'others';
      arrived[which] += 1;
      await gates[which].opened;
      const row = await sql<{ one: number }>`select 1 as one`.execute(db.db);
      return { one: row.rows[0]?.one };
    });
    await listenWide(app, { host: '127.0.0.1', port: 0, sockets: 8 });
    const port = portOf(t);
    // Enough connections that the kernel puts some on the other sockets.
    clients = Array.from({ length: 24 }, () => net.connect({ host: '127.0.0.1', port }));
    const answers = clients.map(
      (socket) =>
        new Promise<string>((resolve, reject) => {
          let text = '';
          socket.on('data', (chunk) => {
            text += chunk.toString('latin1');
            if (text.includes('"one"')) resolve(text);
          });
          socket.once('error', reject);
          socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
        }),
    );
    await waitFor(() => arrived.first + arrived.others === clients.length);
    expect(arrived.others).toBeGreaterThan(0);

    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await waitFor(async () => (await tryConnect(port)) === 'ECONNREFUSED');
    // The first socket's requests finish: Fastify's own server has nothing left in flight.
    gates.first.open();
    await waitFor(() => app.server.listening === false);
    await nextTurn();
    expect(closed).toBe(false);
    // The others still reach the database, then the app closes.
    gates.others.open();
    for (const text of await Promise.all(answers)) {
      expect(text.split('\r\n', 1)[0]).toBe('HTTP/1.1 200 OK');
      expect(text).toContain('{"one":1}');
      // Made while closing: the connection ends with the response instead of idling on keep-alive.
      expect(text.toLowerCase()).toContain('connection: close');
    }
    await closing;
    expect(closed).toBe(true);
  });

  it('closing stops every socket taking connections', async () => {
    t = await createTestApp({}, { ready: false });
    const listening = await listenWide(t.app, { host: '127.0.0.1', port: 0, sockets: 8 });
    expect(listening.sockets).toBe(8);
    const port = portOf(t);
    await t.app.close();
    const refused = await Promise.all(Array.from({ length: 16 }, () => tryConnect(port)));
    expect(new Set(refused)).toEqual(new Set(['ECONNREFUSED']));
  });
});

function portOf(t: TestApp): number {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a port');
  return address.port;
}

/** Connects and hangs up at once; answers 'connected' or the error's code. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** The server whose socket accepted a connection (net keeps it as _server; `server` is the HTTP server's). */
function acceptedBy(socket: net.Socket): unknown {
  return (socket as net.Socket & { _server?: unknown })._server;
}
