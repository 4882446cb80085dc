import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configSchema, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives every variable its default when nothing is set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.HN_POLL_SECONDS).toBe(60);
    expect(config.INGEST_ENABLED).toBe(true);
  });

  it('honours PORT and HOST, and treats an empty value as unset', () => {
    const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1', DATA_DIR: '' });
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.DATA_DIR).toBe('./data');
  });

  it('names every bad variable in one error', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', HN_CONCURRENCY: '0', DATABASE_URL: 'not a url', INGEST_ENABLED: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'HN_CONCURRENCY', 'DATABASE_URL', 'INGEST_ENABLED']) expect(problems).toContain(name);
    expect((caught as ConfigError).problems).toHaveLength(4);
  });

  it('rejects unknown process roles', () => {
    expect(() => loadConfig({ ROLES: 'web,cron' })).toThrow(/ROLES/);
    expect(loadConfig({ ROLES: 'worker' }).ROLES).toBe('worker');
  });

  it('is documented: the README table lists exactly the declared variables', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
    expect(new Set(documented)).toEqual(new Set(Object.keys(configSchema.shape)));
  });
});
