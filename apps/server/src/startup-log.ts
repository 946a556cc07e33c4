import type { Config } from './config';

/**
 * What `npm start` prints while it prepares the site: one line per step with the time since
 * start, then one block with the URL and the demo logins. Plain lines on a terminal; one JSON
 * line per step otherwise (log collectors), like the request log.
 *
 * The clock starts when `npm start`'s own process did (MARQUEE_STARTED_AT, set by
 * scripts/start.mjs), so "started in" counts the web build that ran alongside and the loading of
 * this process; started any other way, it starts here.
 */
export function startupLog(config: Config, env: NodeJS.ProcessEnv = process.env) {
  const launched = Number(env.MARQUEE_STARTED_AT);
  const started = Number.isFinite(launched) && launched > 0 && launched <= Date.now() ? launched : Date.now();
  const json = !process.stdout.isTTY || config.LOG_FORMAT === 'json';
  const quiet = config.LOG_LEVEL === 'silent';
  const secs = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
  const emit = (msg: string, extra: object = {}) => {
    if (quiet) return;
    if (json) console.log(JSON.stringify({ level: 30, time: Date.now(), msg, startup: true, ...extra }));
    else console.log(`\x1b[2m[marquee ${secs().padStart(6)}]\x1b[0m ${msg}`);
  };
  return {
    step: (msg: string) => emit(msg),
    ready(lines: string[]) {
      if (json) return emit(lines[0], { details: lines.slice(1), startupSeconds: (Date.now() - started) / 1000 });
      if (quiet) return;
      const width = Math.max(...lines.map((l) => l.length)) + 2;
      const bar = '─'.repeat(width);
      console.log(`\n┌${bar}┐\n${lines.map((l) => `│ ${l.padEnd(width - 1)}│`).join('\n')}\n└${bar}┘`);
      console.log(`started in ${secs()}\n`);
    },
  };
}
