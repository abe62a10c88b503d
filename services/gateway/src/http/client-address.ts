import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import proxyaddr from 'proxy-addr';

/** 127.0.0.0/8 and ::1: this machine (docs/architecture.md "Client addresses"). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * The client's address as Express sees it with the TRUST_PROXY setting (`req.ip`: the TCP peer, or the
 * X-Forwarded-For entry of the first untrusted hop), an IPv4-mapped IPv6 address written as IPv4
 * (`::ffff:10.0.0.7` -> `10.0.0.7`), '' when unknown (a closed socket).
 */
export function clientAddress(req: Pick<Request, 'ip'>): string {
  const ip = (req.ip ?? '').trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/**
 * The client's address of a request that Express does not see (a WebSocket upgrade), read as Express reads
 * `req.ip` (proxy-addr, the library Express uses), with the same TRUST_PROXY setting.
 * @param trust TRUST_PROXY as parsed by the env: false, true, a hop count, or addresses / CIDRs / names
 */
export function upgradeClientAddress(req: IncomingMessage, trust: boolean | number | string[]): string {
  const fn: (addr: string, i: number) => boolean =
    trust === true ? () => true : trust === false ? () => false : typeof trust === 'number' ? (_a, i) => i < trust : proxyaddr.compile(trust);
  try {
    return clientAddress({ ip: proxyaddr(req, fn) });
  } catch {
    return ''; // the socket closed meanwhile (no remote address)
  }
}

/** Whether an address (as {@link clientAddress} gives it) is this machine's loopback: 127.0.0.0/8 or ::1. */
export function isLoopback(address: string): boolean {
  if (isIPv4(address)) return LOOPBACK.check(address, 'ipv4');
  if (isIPv6(address)) return LOOPBACK.check(address, 'ipv6');
  return false;
}

/**
 * The rate-limit key of an address: an IPv4 address itself; an IPv6 address by its /64 network (one
 * subscriber usually holds a whole /64, and picks addresses in it at will), e.g. `2001:db8:0:1::/64`.
 * Anything else is returned as it is.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.split('%')[0]!);
  return groups ? `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64` : address;
}

/** The eight 16-bit groups of an IPv6 address (hex strings; an embedded IPv4 tail counts as two), or null. */
function ipv6Groups(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const split = (part: string) => (part ? part.split(':') : []);
  const widen = (parts: string[]) => parts.flatMap((p) => (p.includes('.') ? ['0', '0'] : [p]));
  const head = widen(split(halves[0]!));
  const tail = halves.length === 2 ? widen(split(halves[1]!)) : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  return [...head, ...Array<string>(missing).fill('0'), ...tail];
}
