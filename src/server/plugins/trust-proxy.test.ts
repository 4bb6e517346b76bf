import { describe, expect, it } from 'vitest';
import { isInternalAddress, trustProxyHops } from './trust-proxy';

describe('trusted proxies', () => {
  it('knows loopback and private addresses, IPv4-mapped ones too', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.1.1', '100.64.0.1', '::1', 'fd00::1', '::ffff:10.0.0.1'])
      expect(isInternalAddress(a), a).toBe(true);
    for (const a of ['203.0.113.7', '8.8.8.8', '172.32.0.1', '2001:db8::1', '::ffff:8.8.8.8', 'not-an-ip']) expect(isInternalAddress(a), a).toBe(false);
  });

  it('believes at most the configured hops, each from an internal address; none when 0', () => {
    expect(trustProxyHops(0)).toBe(false);
    const trust = trustProxyHops(1) as (a: string, i: number) => boolean;
    expect(trust('10.0.0.1', 0)).toBe(true);
    expect(trust('10.0.0.2', 1)).toBe(false);
    expect(trust('203.0.113.7', 0)).toBe(false);
  });
});
