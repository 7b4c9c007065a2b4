/**
 * Preloaded with `node --import` (and so in every worker thread, which inherits the flags): the
 * network is refused for anything but this machine. net connections, DNS lookups and fetch to another
 * host throw "network refused: <host>". For tests that prove a part works offline (the reader's OCR).
 */
import dns from 'node:dns';
import net from 'node:net';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const refuse = (host) => {
  throw new Error(`network refused: ${host}`);
};
const allowed = (host) => host === undefined || LOOPBACK.has(String(host));

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const first = args[0];
  const options = Array.isArray(first) ? first[0] : first;
  // A path is a local (Unix) socket; a port with a host is the network.
  if (typeof options === 'object' && options !== null && !options.path && !allowed(options.host))
    refuse(options.host);
  if (typeof options === 'number' && !allowed(typeof args[1] === 'string' ? args[1] : undefined))
    refuse(args[1]);
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  if (!LOOPBACK.has(host)) refuse(host);
  return lookup.call(this, host, ...rest);
};
const promisedLookup = dns.promises.lookup;
dns.promises.lookup = async (host, ...rest) => {
  if (!LOOPBACK.has(host)) refuse(host);
  return promisedLookup(host, ...rest);
};

const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  if (!LOOPBACK.has(url.hostname)) refuse(url.hostname);
  return realFetch(input, init);
};
