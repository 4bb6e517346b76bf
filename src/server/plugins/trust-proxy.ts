import { BlockList, isIPv4 } from 'node:net';

/** Loopback and private ranges: where a reverse proxy in front of the app connects from. */
const internal = new BlockList();
internal.addSubnet('127.0.0.0', 8, 'ipv4');
internal.addSubnet('10.0.0.0', 8, 'ipv4');
internal.addSubnet('172.16.0.0', 12, 'ipv4');
internal.addSubnet('192.168.0.0', 16, 'ipv4');
internal.addSubnet('100.64.0.0', 10, 'ipv4');
internal.addAddress('::1', 'ipv6');
internal.addSubnet('fc00::', 7, 'ipv6');

export function isInternalAddress(address: string): boolean {
  const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  try {
    return internal.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/**
 * Fastify's trustProxy for `TRUST_PROXY` hops (issue 11 family 9). Fastify 5 ignores a bare hop count (it cannot tell
 * a proxy from a client that writes its own X-Forwarded-For), which made every client behind the proxy one address for
 * the per-IP rate limits. This believes up to `hops` entries, each only from a loopback or private address: behind
 * the proxies the real client is counted, and a client reaching the app directly from outside is counted as itself,
 * whatever headers it forges.
 */
export function trustProxyHops(hops: number): false | ((address: string, hop: number) => boolean) {
  if (hops <= 0) return false;
  return (address, hop) => hop < hops && isInternalAddress(address);
}
