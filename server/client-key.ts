import { isIPv6 } from 'node:net';

/**
 * The client an address stands for, the one key every per-client limit counts by: IPv4 as is
 * (also when mapped into IPv6), IPv6 by its /64, the block one subscriber gets, so rotating the
 * interface id does not reset the count. Give it `request.ip`, which follows TRUST_PROXY.
 */
export function clientOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...headParts, ...Array(8 - headParts.length - tailParts.length).fill('0'), ...tailParts]
    : headParts;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
