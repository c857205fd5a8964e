import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Destinations the operator lets outgoing calls reach even when they are private. */
export interface AllowList {
  hostNames: ReadonlySet<string>;
  ranges: ReadonlyArray<[Address, number]>;
}

export const emptyAllowList: AllowList = { hostNames: new Set(), ranges: [] };

/** A host name as it appears in a URL, without IPv6 brackets or a trailing dot, lower-cased. */
export function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

const hostNamePattern = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$/;

/**
 * Reads `OUTGOING_ALLOW_HOSTS` entries: host names, IP addresses or CIDR ranges. Throws on an
 * entry that is none of these, naming it (the config loader reports it at start-up).
 */
export function parseAllowList(entries: readonly string[]): AllowList {
  const hostNames = new Set<string>();
  const ranges: [Address, number][] = [];
  for (const given of entries) {
    const raw = given.trim();
    const entry = bareHost(raw);
    if (entry.includes('/')) {
      ranges.push(parseRange(entry, raw));
    } else if (isIP(entry)) {
      const address = normalise(ipaddr.parse(entry));
      ranges.push([address, address.kind() === 'ipv4' ? 32 : 128]);
    } else if (isHostName(entry)) {
      hostNames.add(entry);
    } else {
      throw new Error(`not a host name, IP address or CIDR range: ${raw}`);
    }
  }
  return { hostNames, ranges };
}

/** A name, not a number the URL parser would read as an IPv4 address (`127.1`, `0x7f000001`). */
function isHostName(entry: string): boolean {
  if (!hostNamePattern.test(entry)) return false;
  try {
    return new URL(`http://${entry}/`).hostname === entry;
  } catch {
    return false;
  }
}

function parseRange(entry: string, raw: string): [Address, number] {
  const [network = '', bits = ''] = entry.split('/');
  const cidr = `${bareHost(network)}/${bits}`;
  // Strict forms only: `127.1/8` would mean something surprising.
  if (!isIP(bareHost(network)) || !ipaddr.isValidCIDR(cidr)) throw new Error(`not a CIDR range: ${raw}`);
  const [address, prefix] = ipaddr.parseCIDR(cidr);
  if (isMapped(address)) {
    // `::ffff:10.0.0.0/104` is the IPv4 range 10.0.0.0/8, the form addresses are compared in.
    if (prefix < 96) throw new Error(`not a CIDR range: ${raw}`);
    return [normalise(address), prefix - 96];
  }
  return [address, prefix];
}

function isMapped(address: Address): boolean {
  return address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress();
}

/** IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is the IPv4 address it carries. */
function normalise(address: Address): Address {
  return address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/** Host names that mean this machine without asking DNS (RFC 6761). */
export function isLocalhostName(hostname: string): boolean {
  const host = bareHost(hostname);
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * Whether an outgoing call may connect to this address. Only ordinary public unicast addresses
 * pass: ipaddr.js's other ranges are loopback, private (RFC 1918), link-local (with the
 * 169.254.169.254 cloud metadata service), unique-local, carrier-grade NAT (100.64/10, where
 * some clouds put metadata too), unspecified (0.0.0.0 reaches this machine), multicast,
 * reserved, and the IPv6 ranges that wrap an IPv4 address (NAT64, 6to4, Teredo). An address
 * that does not parse is refused.
 */
export function isAddressAllowed(address: string, allow: AllowList): boolean {
  let parsed: Address;
  try {
    parsed = normalise(ipaddr.parse(bareHost(address)));
  } catch {
    return false;
  }
  if (parsed.range() === 'unicast') return true;
  return allow.ranges.some(
    ([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits),
  );
}
