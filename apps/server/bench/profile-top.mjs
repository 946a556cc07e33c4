import fs from 'node:fs';

const file = process.argv[2];
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas;
let total = 0;
const counts = new Map();
p.samples.forEach((id, i) => {
  counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0));
  total += dt[i] ?? 0;
});
for (const [id, t] of counts) {
  const n = byId.get(id);
  const cf = n.callFrame;
  if (cf.functionName === '(idle)') continue;
  const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/apps\/server\//, '')}:${cf.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + t);
}
const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 30));
console.log('total ms', (total / 1000).toFixed(0));
for (const [k, t] of top) console.log(((t / total) * 100).toFixed(1).padStart(5), '%', k);
// by package
const pk = new Map();
for (const [id, t] of counts) {
  const u = byId.get(id).callFrame.url;
  const m = u.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  const k = m ? m[1] : u.includes('/apps/server/') ? 'server' : (u || '(native/gc)').slice(0, 40);
  pk.set(k, (pk.get(k) ?? 0) + t);
}
console.log('--- by package');
for (const [k, t] of [...pk].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(((t / total) * 100).toFixed(1).padStart(5), '%', k);
