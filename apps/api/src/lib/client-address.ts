import ipaddr from 'ipaddr.js';

/**
 * A client's address as the audit log, sessions and throttles keep it (decision 226): without the port
 * some balancers add to X-Forwarded-For ("203.0.113.7:51234", "[2001:db8::1]:443"), and an IPv4
 * address that arrives IPv4-mapped ("::ffff:203.0.113.7") written as IPv4. Anything else unchanged.
 */
export function clientAddress(value: string): string {
  const withPort = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)):\d{1,5}$/.exec(value);
  const bare = withPort ? (withPort[1] ?? withPort[2] ?? value) : value;
  return ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : value;
}

/**
 * What the per-address throttles count by: an IPv4 address, or an IPv6 address's /64, the block one
 * home or host is given, so that walking through it does not make a fresh subject of every try.
 */
export function throttleAddress(value: string): string {
  const address = clientAddress(value);
  if (!ipaddr.IPv6.isValid(address)) return address;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address}/64`).toString()}/64`;
}
