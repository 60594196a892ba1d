import { isIPv4, isIPv6 } from 'node:net';

/*
 * Which IP addresses the external-link check may connect to. A link of a site (or a redirect of a
 * server it names) must not make a run probe the network the run is in: loopback, link-local
 * (cloud metadata at 169.254.169.254), private, shared (carrier-grade NAT, 100.64/10), unique-local,
 * unspecified, multicast and reserved addresses are not public. An IPv6 address that carries an IPv4
 * one (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4
 * `2002:AABB:CCDD::`) is judged by the IPv4 address it carries.
 */

/** IPv4 ranges that are not public: [first octets as a number, prefix length]. */
const V4_NOT_PUBLIC: ReadonlyArray<readonly [number, number]> = [
  [ip4('0.0.0.0'), 8], // "this network", unspecified
  [ip4('10.0.0.0'), 8], // private
  [ip4('100.64.0.0'), 10], // shared address space (carrier-grade NAT; some clouds' metadata)
  [ip4('127.0.0.0'), 8], // loopback
  [ip4('169.254.0.0'), 16], // link-local
  [ip4('172.16.0.0'), 12], // private
  [ip4('192.0.0.0'), 24], // protocol assignments
  [ip4('192.0.2.0'), 24], // documentation
  [ip4('192.168.0.0'), 16], // private
  [ip4('198.18.0.0'), 15], // benchmarking
  [ip4('198.51.100.0'), 24], // documentation
  [ip4('203.0.113.0'), 24], // documentation
  [ip4('224.0.0.0'), 4], // multicast
  [ip4('240.0.0.0'), 4], // reserved, broadcast
];

function ip4(text: string): number {
  return text.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function v4Public(value: number): boolean {
  return !V4_NOT_PUBLIC.some(
    ([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
  );
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part read as two groups); undefined when it does not parse. */
function groups6(text: string): number[] | undefined {
  let address = text.replace(/%.*$/, ''); // a zone (`fe80::1%eth0`)
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (dotted) {
    if (!isIPv4(dotted[1]!)) return undefined;
    const v = ip4(dotted[1]!);
    address = `${address.slice(0, -dotted[1]!.length)}${Math.floor(v / 65536).toString(16)}:${(v % 65536).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const part = (s: string) =>
    s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return all.some(Number.isNaN) ? undefined : all;
}

function v6Public(g: number[]): boolean {
  const v4 = (hi: number, lo: number) => hi * 65536 + lo;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 8)) return false; // unspecified
  if (zeros(0, 7) && g[7] === 1) return false; // loopback
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return v4Public(v4(g[6]!, g[7]!)); // IPv4-mapped, IPv4-compatible
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4Public(v4(g[6]!, g[7]!)); // NAT64
  if (g[0] === 0x2002) return v4Public(v4(g[1]!, g[2]!)); // 6to4
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return false; // unique-local fc00::/7
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return false; // link-local, site-local
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && g[1] === 0x0db8) return false; // documentation
  return true;
}

/** Whether an IP address (`93.184.216.34`, `2606:2800::1`, `[::1]`) is public; anything that is not an IP address is not. */
export function isPublicAddress(address: string): boolean {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(text)) return v4Public(ip4(text));
  if (!isIPv6(text)) return false;
  const g = groups6(text);
  return g !== undefined && v6Public(g);
}

/** The IP address a URL's host names literally (`127.0.0.1`, `[::1]` → `::1`), or undefined for a name. */
export function literalAddress(hostname: string): string | undefined {
  const text = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIPv4(text) || isIPv6(text) ? text : undefined;
}
