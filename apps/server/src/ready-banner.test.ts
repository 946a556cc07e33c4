import { describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { readyBanner } from './ready-banner';

describe('the start box', () => {
  it('names the demo roles as the README does: fan, creator, admin', () => {
    const database = { kind: 'embedded', readPool: null } as unknown as Database;
    const lines = readyBanner('http://0.0.0.0:8080', database, true);
    expect(lines[0]).toBe('Marquee is ready: http://localhost:8080');
    const role = (username: string) =>
      lines
        .find((l) => l.trim().startsWith(`${username} `))
        ?.trim()
        .split(/\s+/)[1];
    expect([role('admin'), role('luna'), role('kai'), role('alex'), role('jamie'), role('morgan')]).toEqual([
      'admin',
      'creator',
      'creator',
      'fan',
      'fan',
      'moderator',
    ]);
    expect(lines.join('\n')).not.toMatch(/\b(user|performer)\b/);
  });
});
