import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@propertydna/domain';
import { AppError } from '../../errors.js';

/**
 * Addresses a webhook may never reach (issue 30 §2): this machine, private networks, link-local (cloud
 * metadata at 169.254.169.254), shared, documentation, multicast and reserved ranges, in IPv4 and IPv6
 * (an IPv4-mapped IPv6 address is checked as the IPv4 address it maps).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is private, loopback, link-local or otherwise not a public internet address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
  // ::ffff:7f00:1 and friends: the mapped range written in hex.
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/i.test(address)) return true;
  return blocked.check(address, 'ipv6');
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (dns.lookup with `all`). */
export type LookupAll = (host: string) => Promise<{ address: string; family: number }[]>;

export interface AddressPolicy {
  /** WEBHOOKS_ALLOW_PRIVATE: private addresses and http:// allowed (local development). */
  allowPrivate: boolean;
  /** NODE_ENV=production: https only (unless allowPrivate). */
  production: boolean;
}

/** The URL's own rules, before any lookup: https in production, a host. Throws a 400 with the reason. */
export function checkWebhookUrl(raw: string, policy: AddressPolicy): URL {
  const url = new URL(raw);
  if (policy.production && !policy.allowPrivate && url.protocol !== 'https:')
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.httpsOnly);
  const literal = hostAddress(url);
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
  if ((local || (literal && isPrivateAddress(literal))) && !policy.allowPrivate)
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.privateAddress);
  return url;
}

/** The host of a URL when it is an IP address (brackets of IPv6 removed), else null. */
function hostAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : null;
}

/**
 * Resolves the URL's host and checks EVERY address it resolves to (a name with one private address among
 * public ones is refused); answers the address to connect to, which the delivery then uses as it is, so a
 * second lookup cannot answer something else (DNS rebinding). Throws a 400 AppError with the reason.
 */
export async function resolveWebhookAddress(
  url: URL,
  policy: AddressPolicy,
  lookupAll: LookupAll = (host) => lookup(host, { all: true, verbatim: true }),
): Promise<ResolvedAddress> {
  checkWebhookUrl(url.href, policy);
  const literal = hostAddress(url);
  let addresses: { address: string; family: number }[];
  if (literal) {
    addresses = [{ address: literal, family: isIP(literal) }];
  } else {
    try {
      addresses = await lookupAll(url.hostname);
    } catch {
      throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.unresolvable);
    }
  }
  const [first] = addresses;
  if (!first) throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.unresolvable);
  if (!policy.allowPrivate && addresses.some(({ address }) => isPrivateAddress(address)))
    throw new AppError('BAD_REQUEST', WEBHOOK_MESSAGES.privateAddress);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
