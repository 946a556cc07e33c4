import net from 'node:net';
import { z } from 'zod';

/**
 * The source addresses a processor's unsigned (or IP-bound) postbacks may come from: a comma-separated
 * list of addresses, CIDR blocks (`64.38.212.0/24`) and ranges (`64.38.212.1-64.38.212.254`), as
 * CCBill, Segpay and Verotel publish them (docs/payments.md).
 */

const entries = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

type Entry =
  | { kind: 'address'; addr: string; type: 'ipv4' | 'ipv6' }
  | { kind: 'subnet'; addr: string; bits: number; type: 'ipv4' | 'ipv6' }
  | { kind: 'range'; addr: string; last: string; type: 'ipv4' | 'ipv6' };

/** One entry of the list, or null when it is not an address, a CIDR block or a range of one family. */
function parseEntry(entry: string): Entry | null {
  const [first, last, extra] = entry.split('-').map((s) => s.trim());
  if (extra !== undefined || !first) return null;
  const [addr, bits, more] = first.split('/');
  const family = net.isIP(addr ?? '');
  if (!addr || !family || more !== undefined) return null;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (last !== undefined)
    return bits === undefined && net.isIP(last) === family ? { kind: 'range', addr, last, type } : null;
  if (bits === undefined) return { kind: 'address', addr, type };
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 6 ? 128 : 32) ? { kind: 'subnet', addr, bits: n, type } : null;
}

/** A config variable holding such a list; add `.optional()` (unset allows any source) or `.default(…)`. */
export const ipListSchema = (name: string) =>
  z
    .string()
    .refine(
      (v) => entries(v).every((e) => parseEntry(e) !== null),
      `${name}: addresses, CIDR blocks or first-last ranges, comma-separated`,
    );

/** The allow-list of a config value. */
export class IpAllowList {
  private readonly list: net.BlockList | null;

  constructor(text: string | undefined) {
    const items = entries(text ?? '');
    this.list = items.length ? new net.BlockList() : null;
    for (const item of items) {
      const e = parseEntry(item);
      if (!e) throw new Error(`${item} is not an IP address, CIDR block or range`);
      if (e.kind === 'range') this.list!.addRange(e.addr, e.last, e.type);
      else if (e.kind === 'subnet') this.list!.addSubnet(e.addr, e.bits, e.type);
      else this.list!.addAddress(e.addr, e.type);
    }
  }

  /** Whether a request from `ip` (IPv4-mapped IPv6 taken as IPv4) may be heard; any, for an empty list. */
  allows(ip: string): boolean {
    if (!this.list) return true;
    const plain = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    const family = net.isIP(plain);
    return family !== 0 && this.list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  }
}

const built = new Map<string, IpAllowList>();
/** The allow-list for a config value, built once per distinct value. */
export function ipAllowList(text: string | undefined): IpAllowList {
  const key = text ?? '';
  const known = built.get(key);
  if (known) return known;
  const list = new IpAllowList(key);
  built.set(key, list);
  return list;
}
