import type { Database } from './db/client';
import { CAST_CREATORS, CAST_FANS } from './seed/cast';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoRole } from './seed/demo';

/** The framed block `npm start` ends with: the URL, the database, and the demo logins with their roles. */
export function readyBanner(address: string, database: Database, demo: boolean): string[] {
  const url = (process.env.PUBLIC_URL ?? address).replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    `Marquee is ready: ${url}`,
    `database: ${database.kind === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL'}${database.readPool ? ' (public reads from DATABASE_READ_URL)' : ''}`,
  ];
  if (demo) {
    lines.push(`demo logins (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.username.padEnd(8)} ${demoRole(a)}`);
    lines.push(`  more creators: ${CAST_CREATORS.map((c) => c.username).join(', ')}`);
    lines.push(`  more fans: ${CAST_FANS.map((f) => f.username).join(', ')}`);
  }
  return lines;
}
