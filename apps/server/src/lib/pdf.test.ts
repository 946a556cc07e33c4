import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf';

describe('renderPdf', () => {
  it('writes a PDF whose cross-reference offsets point at its objects', () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ text: `Line ${i} (café) — “quoted” \\ ok` }));
    const pdf = renderPdf([{ text: 'Title', bold: true, size: 16 }, ...lines], 'Test');
    const s = pdf.toString('latin1');
    expect(s.startsWith('%PDF-1.4')).toBe(true);
    expect(s.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(s)![1]);
    expect(s.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...s.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    for (const [i, off] of offsets.entries())
      expect(s.slice(off, off + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    expect(/\/Count (\d+)/.exec(s)![1]).toBe('3'); // 121 lines wrap onto three A4 pages
    expect(s).toContain('(Line 5 \\(caf\\351\\) - "quoted" \\\\ ok)');
  });
});
