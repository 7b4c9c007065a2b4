// First: may start the process again with fewer malloc arenas (malloc-arenas.ts).
import './malloc-arenas.js';
import { loadEnv } from './env.js';
import { createServer } from './server.js';
import { listenWide } from './web/listen.js';

const env = loadEnv();
const app = await createServer(env);

let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals) {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  // If in-flight requests do not finish in time, leave anyway.
  setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS).unref();
  try {
    await app.close(); // stops listening, waits for in-flight requests, then closes the database (onClose)
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

const listening = await listenWide(app, { host: env.HOST, port: env.PORT, sockets: env.LISTEN_SOCKETS });
const shown = listening.address.replace('127.0.0.1', 'localhost').replace('[::1]', 'localhost');
console.log(`PropertyDNA is running at ${shown}`);
