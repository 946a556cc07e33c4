import { chromium } from 'playwright-core';
const [,, base, role, path, size, theme, lang, selector, out] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
const viewport = size === 'phone' ? { width: 390, height: 844 } : { width: 1440, height: 900 };
const c = await browser.newContext({ baseURL: base, viewport, locale: lang === 'de' ? 'de-DE' : 'en-US' });
await c.addCookies([{ name: 'age_confirmed', value: 'true', url: base }]);
if (role !== 'visitor') {
  const r = await c.request.post('/api/auth/login', { data: { username: role, password: 'marquee-demo-2026' } });
  await c.addCookies([{ name: 'token', value: (await r.json()).token, url: base }]);
}
await c.addInitScript(([t, l]) => { localStorage.setItem('theme', t); localStorage.setItem('lang', l); }, [theme, lang]);
const p = await c.newPage();
await p.goto(path);
const el = p.locator(selector).first();
await el.waitFor({ timeout: 60000 });
await p.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => {});
await p.evaluate(() => document.fonts.ready);
await el.screenshot({ path: out });
console.log(out, 'overflow', await p.evaluate(() => document.documentElement.scrollWidth - innerWidth), 'height', await p.evaluate(() => document.documentElement.scrollHeight));
await browser.close();
