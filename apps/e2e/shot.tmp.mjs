import { chromium } from 'playwright-core';
const [,, base, out, ...specs] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
const sessions = {};
async function ctx(role, size, theme, lang) {
  const viewport = size === 'phone' ? { width: 390, height: 844 } : { width: 1440, height: 900 };
  const c = await browser.newContext({ baseURL: base, viewport, locale: lang === 'de' ? 'de-DE' : 'en-US', storageState: sessions[role] });
  await c.addCookies([{ name: 'age_confirmed', value: 'true', url: base }]);
  await c.addInitScript(([t, l]) => { localStorage.setItem('theme', t); localStorage.setItem('lang', l); }, [theme, lang]);
  return c;
}
for (const role of ['alex', 'luna', 'admin']) {
  const c = await browser.newContext({ baseURL: base });
  const r = await c.request.post('/api/auth/login', { data: { username: role, password: 'marquee-demo-2026' } });
  const j = await r.json();
  await c.addCookies([{ name: 'token', value: j.token, url: base }]);
  sessions[role] = await c.storageState();
  await c.close();
}
for (const spec of specs) {
  // role:path:size:theme:lang[:full]
  const [role, path, size, theme, lang, full] = spec.split('|');
  const c = await ctx(role, size, theme, lang);
  const p = await c.newPage();
  await p.goto(path);
  await p.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => {});
  await p.evaluate(() => document.fonts.ready);
  await p.waitForTimeout(500);
  const over = await p.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  const name = `${out}/${role}${path.replace(/\W+/g, '_')}-${size}-${theme}-${lang}.png`;
  await p.screenshot({ path: name, fullPage: full === 'full' });
  console.log(name, 'overflow', over);
  await c.close();
}
await browser.close();
