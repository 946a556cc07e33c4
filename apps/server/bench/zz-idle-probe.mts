import { cpuTicks, settle, startProduct } from './product';
const p = await startProduct('idle');
try {
  await settle(p);
  for (let i = 0; i < 2; i++) {
    const n0 = cpuTicks(p.nodePids()), g0 = cpuTicks(p.postgresPids());
    await new Promise((r) => setTimeout(r, 30_000));
    const n1 = cpuTicks(p.nodePids()), g1 = cpuTicks(p.postgresPids());
    console.log(`30 s: node ${((n1 - n0) / 30).toFixed(2)}% pg ${((g1 - g0) / 30).toFixed(2)}%`);
  }
} finally { await p.stop(); }
