/**
 * A minimal PDF writer (PDF 1.4, one font: Helvetica, WinAnsi text, A4 pages): lines of text,
 * wrapped and paginated. Enough for printable records (model releases, §2257); no dependency.
 */

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Blank space before the line, points. */
  gap?: number;
}

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 56;

/** Text as a PDF literal string: WinAnsi bytes (characters outside Latin-1 become '?'), escaped. */
function literal(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    const b =
      c === 0x2019 || c === 0x2018
        ? 0x27
        : c === 0x201c || c === 0x201d
          ? 0x22
          : c === 0x2014 || c === 0x2013
            ? 0x2d
            : c === 0xa7
              ? 0xa7
              : c < 256
                ? c
                : 0x3f;
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b < 32 || b > 126) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `(${out})`;
}

/** Word wrap by an average Helvetica glyph width (0.5 em): good enough for plain records. */
function wrap(text: string, size: number): string[] {
  const max = Math.floor((PAGE_W - 2 * MARGIN) / (size * 0.5));
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/)) {
      if (line && line.length + 1 + word.length > max) {
        out.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    out.push(line);
  }
  return out;
}

export function renderPdf(lines: PdfLine[], title = ''): Buffer {
  const pages: string[][] = [[]];
  let y = PAGE_H - MARGIN;
  for (const l of lines) {
    const size = l.size ?? 11;
    y -= l.gap ?? 0;
    for (const w of wrap(l.text, size)) {
      if (y - size * 1.3 < MARGIN) {
        pages.push([]);
        y = PAGE_H - MARGIN;
      }
      y -= size * 1.3;
      pages[pages.length - 1].push(
        `BT /${l.bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y.toFixed(1)} Td ${literal(w)} Tj ET`,
      );
    }
  }
  // Objects: 1 catalog, 2 pages, 3 F1, 4 F2, 5 info, then per page: page, contents.
  const objs: string[] = [];
  const kids = pages.map((_, i) => `${6 + i * 2} 0 R`).join(' ');
  objs.push('<< /Type /Catalog /Pages 2 0 R >>');
  objs.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objs.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objs.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  objs.push(`<< /Title ${literal(title)} /Producer (Marquee) >>`);
  for (const [i, ops] of pages.entries()) {
    const stream = ops.join('\n');
    objs.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + i * 2} 0 R >>`,
    );
    objs.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  }
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [i, o] of objs.entries()) {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
