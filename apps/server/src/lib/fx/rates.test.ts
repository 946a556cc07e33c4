import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { crossRate, fetchEcbRates, fixedTable, parseEcbDaily, processorAmount } from './rates';

// The ECB's daily file as it publishes it (the layout of eurofxref-daily.xml), served by a local peer.
const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube>
    <Cube time='2026-11-24'>
      <Cube currency='USD' rate='1.0500'/>
      <Cube currency='JPY' rate='160.25'/>
      <Cube currency='GBP' rate='0.8400'/>
    </Cube>
  </Cube>
</gesmes:Envelope>`;

let status = 200;
const server = http.createServer((req, res) => {
  if (req.url !== '/stats/eurofxref/eurofxref-daily.xml') return res.writeHead(404).end();
  res.writeHead(status, { 'content-type': 'text/xml' }).end(status === 200 ? DAILY : 'down');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref/eurofxref-daily.xml`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('rate sources', () => {
  it('reads the ECB daily file from its URL and crosses rates through the euro', async () => {
    const table = await fetchEcbRates(url);
    expect(table).toEqual({ date: '2026-11-24', base: 'EUR', rates: { EUR: 1, USD: 1.05, JPY: 160.25, GBP: 0.84 } });
    expect(crossRate(table, 'USD', 'EUR')).toBe(0.952381);
    expect(crossRate(table, 'USD', 'GBP')).toBe(0.8);
    expect(crossRate(table, 'EUR', 'USD')).toBe(1.05);
    expect(crossRate(table, 'USD', 'USD')).toBe(1);
    expect(crossRate(table, 'USD', 'CHF')).toBeNull();
    // 12.50 tokens of a USD site charged in GBP: 10.00 GBP; in JPY (no minor unit): 1908 yen
    expect(processorAmount(1250, crossRate(table, 'USD', 'GBP')!)).toBe(1000);
    expect(processorAmount(1250, crossRate(table, 'USD', 'JPY')!, 0)).toBe(1908);
  });

  it('refuses an answer that is not the daily file, and an ECB that is down', async () => {
    expect(() => parseEcbDaily('<html>maintenance</html>')).toThrow(/could not be read/);
    status = 503;
    await expect(fetchEcbRates(url)).rejects.toThrow(/503/);
    status = 200;
  });

  it('the admin’s fixed table is based on the site currency', () => {
    const table = fixedTable('USD', { EUR: 0.92 });
    expect(crossRate(table, 'USD', 'EUR')).toBe(0.92);
    expect(crossRate(table, 'EUR', 'USD')).toBe(1.086957);
  });
});
