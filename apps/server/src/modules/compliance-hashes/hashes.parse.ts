import type { HashKind } from '../../db/schema';

const HEX_LENGTH: Record<HashKind, number> = { pdq: 64, md5: 32, sha256: 64 };

export interface ParsedList {
  entries: Array<{ value: string; note: string | null }>;
  skippedLines: number[];
}

/**
 * Reads a hash list file (docs/compliance.md, "Formats"): one record per line; fields split on
 * commas, tabs, semicolons or spaces; the first field that is a hex string of the kind's length
 * (optionally `0x`-prefixed, any case) is the hash, the other fields are kept as the entry's note
 * (an id, a label). So a plain list of hashes, ThreatExchange/HMA CSV exports (`hash,quality,…`
 * or `…,pdq,<hash>,…`) and `md5sum`/`sha256sum` output all load. Blank lines, `#` comments and a
 * header line without a hash are skipped silently; any other line without a hash is reported.
 */
export function parseHashList(text: string, kind: HashKind): ParsedList {
  const len = HEX_LENGTH[kind];
  const hex = new RegExp(`^(?:0x)?([0-9a-f]{${len}})$`, 'i');
  const entries: ParsedList['entries'] = [];
  const skippedLines: number[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const fields = line
      .split(/[,\t; ]+/)
      .map((f) => f.replace(/^["']|["']$/g, '').trim())
      .filter(Boolean);
    const at = fields.findIndex((f) => hex.test(f));
    if (at < 0) {
      if (i > 0 || !/[a-z]/i.test(line) || fields.some((f) => /^[0-9a-f]{16,}$/i.test(f))) skippedLines.push(i + 1);
      return;
    }
    const value = hex.exec(fields[at])![1].toLowerCase();
    const rest = fields.filter((_, j) => j !== at).join(' ');
    entries.push({ value, note: rest ? rest.slice(0, 300) : null });
  });
  return { entries, skippedLines };
}
