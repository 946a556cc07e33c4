import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig } from './config';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('runs on defaults alone: port 8080, ./data, embedded PostgreSQL, demo data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, DATA_DIR: './data', SEED_DEMO: true });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.postgresDir).toBe(path.join(c.dataDir, 'postgres'));
    expect(c.mediaDir).toBe(path.join(c.dataDir, 'media'));
  });

  it('parses values: numbers, booleans, urls', () => {
    const c = loadConfig({
      PORT: '9123',
      SEED_DEMO: '0',
      TRUST_PROXY: 'yes',
      DATABASE_URL: 'postgresql://u:p@db:5432/marquee',
      DATA_DIR: '/var/lib/marquee',
    });
    expect(c).toMatchObject({ PORT: 9123, SEED_DEMO: false, TRUST_PROXY: true, dataDir: '/var/lib/marquee' });
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ PORT: '', DATABASE_URL: '' });
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('rejects a bad PORT, naming the variable', () => {
    for (const PORT of ['abc', '70000', '-1', '80.5']) {
      expect(configErrorOf({ PORT }).message, PORT).toMatch(/^Invalid configuration:\n {2}PORT: /);
    }
  });

  it('rejects a DATABASE_URL that is not PostgreSQL, saying what it must be', () => {
    const err = configErrorOf({ DATABASE_URL: 'mysql://root@localhost/marquee' });
    expect(err.message).toContain('DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://');
  });

  it('lists every bad variable at once', () => {
    const err = configErrorOf({ PORT: 'abc', SEED_DEMO: 'maybe', ADMIN_EMAIL: 'nobody', SECRET_KEY: 'short' });
    for (const name of ['PORT', 'SEED_DEMO', 'ADMIN_EMAIL', 'SECRET_KEY']) expect(err.message).toContain(`  ${name}: `);
  });
});

describe('MARQUEE_E2E_CLOCK', () => {
  it('is off by default, on when set, and refused in production', () => {
    expect(loadConfig({}).MARQUEE_E2E_CLOCK).toBe(false);
    expect(loadConfig({ MARQUEE_E2E_CLOCK: '1', NODE_ENV: 'test' }).MARQUEE_E2E_CLOCK).toBe(true);
    expect(configErrorOf({ MARQUEE_E2E_CLOCK: '1', NODE_ENV: 'production' }).message).toMatch(/MARQUEE_E2E_CLOCK/);
  });
});

describe('.env.example', () => {
  const text = fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8');
  const lines = text.split('\n');
  const documented = new Map<string, number>();
  lines.forEach((line, i) => {
    const m = /^(?:# )?([A-Z][A-Z0-9_]*)=/.exec(line);
    if (m) documented.set(m[1], i);
  });

  it('documents every variable of the config schema, each with a comment line above it', () => {
    for (const key of Object.keys(configSchema.shape)) {
      const at = documented.get(key);
      expect(at, `${key} is missing from .env.example`).toBeDefined();
      const above = lines[at! - 1] ?? '';
      expect(above.startsWith('# ') && !/^# [A-Z][A-Z0-9_]*=/.test(above), `${key} has a comment line above it`).toBe(
        true,
      );
    }
  });

  it('documents nothing the server does not read', () => {
    const known = new Set(Object.keys(configSchema.shape));
    for (const key of documented.keys()) expect(known.has(key), `${key} is not in config.ts`).toBe(true);
  });

  it('its example values are valid configuration', () => {
    const env = Object.fromEntries(
      lines
        .map((l) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(l))
        .filter((m) => m !== null)
        .map((m) => [m![1], m![2]]),
    );
    expect(() => loadConfig(env)).not.toThrow();
  });
});
