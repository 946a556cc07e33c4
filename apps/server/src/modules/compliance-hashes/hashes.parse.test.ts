import { describe, expect, it } from 'vitest';
import { parseHashList } from './hashes.parse';

const PDQ = 'f8f8f0cce0f4e84d0e370a22028f67f0b36e2ed596623e1d33e6339c4e9c9b22';
const MD5 = 'd41d8cd98f00b204e9800998ecf8427e';

describe('hash list files', () => {
  it('reads plain lists, CSV/TSV exports with a header, md5sum output; reports lines without a hash', () => {
    expect(parseHashList(`${PDQ}\n\n# comment\n${PDQ.toUpperCase()}\n`, 'pdq').entries).toHaveLength(2);
    const csv = parseHashList(`hash,quality,file\n${PDQ},100,bridge.jpg\nnot a hash,1\n`, 'pdq');
    expect(csv.entries).toEqual([{ value: PDQ, note: '100 bridge.jpg' }]);
    expect(csv.skippedLines).toEqual([3]);
    const hma = parseHashList(`signal_type\tsignal\tid\npdq\t${PDQ}\t42\n`, 'pdq');
    expect(hma.entries).toEqual([{ value: PDQ, note: 'pdq 42' }]);
    expect(parseHashList(`${MD5}  ./a.jpg\n0x${MD5}\n`, 'md5').entries.map((e) => e.value)).toEqual([MD5, MD5]);
    expect(parseHashList(`${MD5}\n`, 'sha256').skippedLines).toEqual([1]);
  });
});
