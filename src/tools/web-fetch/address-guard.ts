import { BlockList, isIP } from "node:net";
import type { LookupAddress } from "node:dns";
import { dns } from "../../platform/lazy-builtins.js";

/**
 * Address ranges `web_fetch` never connects to unless the person's global config lists the host
 * in `web.allowHosts`: this host, private networks, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, "this network", multicast and reserved, and their IPv6
 * forms (IPv4-mapped and NAT64 addresses are judged by the IPv4 address they carry).
 */
const PRIVATE_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
];
const PRIVATE_V6: [string, number][] = [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];

let blocked: BlockList | undefined;
function blockList(): BlockList {
  if (blocked) return blocked;
  blocked = new BlockList();
  for (const [net, bits] of PRIVATE_V4) blocked.addSubnet(net, bits, "ipv4");
  for (const [net, bits] of PRIVATE_V6) blocked.addSubnet(net, bits, "ipv6");
  return blocked;
}

/** The IPv4 address an IPv6 one carries (`::ffff:a.b.c.d`, `::ffff:7f00:1`, NAT64 `64:ff9b::`). */
function embeddedV4(ip: string): string | undefined {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Whether `ip` (an address, not a name) is in a range `web_fetch` refuses. Not an IP: true. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return blockList().check(bare, "ipv4");
  if (family !== 6) return true;
  const v4 = embeddedV4(bare);
  if (v4 !== undefined) return blockList().check(v4, "ipv4");
  return blockList().check(bare, "ipv6");
}

/** Raised when a name resolves to, or a URL names, an address `web_fetch` refuses. */
export class BlockedAddressError extends Error {
  override name = "BlockedAddressError";
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address`);
  }
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that resolves as Node does and fails the connection when any
 * address it found is private: the check is on the address the socket will connect to, so a
 * name that answers differently the second time (DNS rebinding) cannot slip one in. Node calls
 * it with `{all: true}` when it tries several addresses (`autoSelectFamily`), else for one.
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  dns().lookup(hostname, { ...options, all: true } as { all: true }, (err, addresses) => {
    if (err) return callback(err, options.all ? [] : "");
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) {
      const error = new BlockedAddressError(hostname, bad.address) as NodeJS.ErrnoException;
      return callback(error, options.all ? [] : "");
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
        code: "ENOTFOUND",
      });
      return callback(error, "");
    }
    callback(null, first.address, first.family);
  });
}
