import net from 'node:net';
import { z } from 'zod';

/**
 * The source addresses a processor's unsigned (or IP-bound) postbacks may come from: a comma-separated
 * list of IP addresses and CIDR ranges, as CCBill, Segpay and Verotel publish them (docs/payments.md).
 */

const entries = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const isEntry = (entry: string) => /^[^/]+(\/\d{1,3})?$/.test(entry) && net.isIP(entry.split('/')[0]!) !== 0;

/** A config variable holding such a list; unset (or empty) allows any source. */
export const ipListSchema = (name: string) =>
  z
    .string()
    .refine((v) => entries(v).every(isEntry), `${name}: IP addresses or CIDR ranges, comma-separated`)
    .optional();

/** The allow-list of a config value, built once per distinct value. */
export class IpAllowList {
  private readonly list: net.BlockList | null;

  constructor(text: string | undefined) {
    const items = entries(text ?? '');
    this.list = items.length ? new net.BlockList() : null;
    for (const item of items) {
      if (!isEntry(item)) throw new Error(`${item} is not an IP address or CIDR range`);
      const [addr, bits] = item.split('/') as [string, string | undefined];
      const type = net.isIPv6(addr) ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list!.addAddress(addr, type);
      else this.list!.addSubnet(addr, Number(bits), type);
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
/** The allow-list for a config value, cached by its text. */
export function ipAllowList(text: string | undefined): IpAllowList {
  const key = text ?? '';
  let list = built.get(key);
  if (!list) built.set(key, (list = new IpAllowList(key)));
  return list;
}
