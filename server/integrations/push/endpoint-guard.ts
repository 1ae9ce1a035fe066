import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * A push endpoint is an address the browser gives us and the server then posts to: without a guard, any
 * signed-in user could make the server send requests into its own network. Endpoints must be https and every
 * address their host resolves to must be public. Checked when subscribing and again at each delivery, against
 * the address actually connected to (DNS can change in between).
 */
export class RefusedEndpoint extends Error {}

const privateAddresses = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local (cloud metadata services live here)
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  privateAddresses.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  privateAddresses.addSubnet(network, prefix, "ipv6");
}

/** True for the ranges above; IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are judged as their IPv4 address. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return privateAddresses.check(address, family === 4 ? "ipv4" : "ipv6");
}

export interface PushTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

function endpointUrl(endpoint: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new RefusedEndpoint("not a URL");
  }
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) {
    throw new RefusedEndpoint("not https");
  }
  if (url.username || url.password) throw new RefusedEndpoint("credentials in the URL");
  return url;
}

/** Every address of the host (a literal IP is its own); refused when any is private, unless allowed. */
async function addressesOf(url: URL, allowPrivate: boolean) {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await lookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new RefusedEndpoint("no address");
  if (!allowPrivate && addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new RefusedEndpoint("private address");
  }
  return addresses;
}

/**
 * When subscribing: the endpoint's scheme and addresses. A host that does not resolve is refused too (nothing
 * to check); the app sends its subscription again each time it opens. With private endpoints allowed (tests)
 * nothing is resolved.
 */
export async function checkPushEndpoint(endpoint: string, allowPrivate: boolean): Promise<void> {
  const url = endpointUrl(endpoint, allowPrivate);
  if (allowPrivate) return;
  try {
    await addressesOf(url, allowPrivate);
  } catch (error) {
    throw error instanceof RefusedEndpoint ? error : new RefusedEndpoint("does not resolve");
  }
}

/**
 * When delivering: the checked address to connect to. DNS failures are thrown as they are (a network error,
 * worth a retry); a refused endpoint is a RefusedEndpoint.
 */
export async function resolvePushEndpoint(endpoint: string, allowPrivate: boolean): Promise<PushTarget> {
  const url = endpointUrl(endpoint, allowPrivate);
  const [first] = await addressesOf(url, allowPrivate);
  return { url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
