/**
 * CCBill's Data Link Extract System (https://ccbill.com/doc/data-link-extract-system-user-guide):
 * GET https://datalink.ccbill.com/data/main.cgi?startTime=YYYYMMDDHHMMSS&endTime=…&transactionTypes=
 * NEW,REBILL,REFUND,CHARGEBACK,VOID&clientAccnum&clientSubacc&username&password answers a CSV dataset,
 * one transaction a line, its type first; an error is a line starting `Error:`; at most one request
 * every 60 minutes. The guide we could read names the request, not every column: the row layouts
 * below are the ones public integrations parse (type, account, subaccount, subscription id,
 * timestamp, then per type: NEW … accounting amount in the 11th column; REBILL transaction id and
 * amount; REFUND / CHARGEBACK / VOID the amount). Check them against a real extract before relying
 * on a difference this reports (docs/payments.md, "Reconciliation").
 */

/** One money record as the processor's report states it (cents in the processor's currency). */
export interface ProcessorRecord {
  kind: 'sale' | 'reversal';
  /** The report's own type: NEW, REBILL, REFUND, CHARGEBACK, VOID … */
  type: string;
  /** CCBill's subscription id (every row names it). */
  subscriptionId: string;
  /** The rebill's transaction id (NEW and reversal rows name none). */
  transactionId: string | null;
  cents: number;
  /** The report's timestamp, as it wrote it (YYYYMMDDHHMMSS). */
  at: string;
}

export const EXTRACT_PATH = '/data/main.cgi';
export const EXTRACT_TYPES = ['NEW', 'REBILL', 'REFUND', 'CHARGEBACK', 'VOID'];

/** YYYYMMDDHHMMSS of a date (UTC). */
export const extractTime = (d: Date) => d.toISOString().slice(0, 19).replace(/[-T:]/g, '');

/** One CSV line: quoted or bare values separated by commas. */
function cells(line: string): string[] {
  const out: string[] = [];
  const re = /\s*(?:"([^"]*)"|([^,]*))\s*(?:,|$)/g;
  for (let m = re.exec(line); m && m.index < line.length; m = re.exec(line)) {
    out.push((m[1] ?? m[2] ?? '').trim());
    if (re.lastIndex >= line.length) break;
  }
  return out;
}

const toCents = (v: string | undefined) =>
  v && /^-?\d+(\.\d{1,2})?$/.test(v) ? Math.round(Math.abs(Number(v)) * 100) : null;

/** The extract's lines as records; lines of other types (EXPIRE, CANCELLATION …) are left out. */
export function parseExtract(body: string): ProcessorRecord[] {
  const text = body.trim();
  if (/^Error:/m.test(text)) throw new Error(`CCBill Data Link: ${/Error:(.*)/.exec(text)![1].trim()}`);
  if (text === '' || text === '1') return []; // no transactions in the range
  const records: ProcessorRecord[] = [];
  for (const line of text.split(/\r?\n/)) {
    const c = cells(line);
    const [type, , , subscriptionId, at] = c;
    let cents: number | null = null;
    let transactionId: string | null = null;
    if (type === 'NEW') cents = toCents(c[10]);
    else if (type === 'REBILL') {
      transactionId = c[5] || null;
      cents = toCents(c[6]);
    } else if (type === 'REFUND' || type === 'CHARGEBACK' || type === 'VOID') cents = toCents(c[5]);
    else continue;
    if (!subscriptionId || cents === null) throw new Error(`CCBill Data Link: unreadable ${type} line`);
    records.push({
      kind: type === 'NEW' || type === 'REBILL' ? 'sale' : 'reversal',
      type,
      subscriptionId,
      transactionId,
      cents,
      at,
    });
  }
  return records;
}
