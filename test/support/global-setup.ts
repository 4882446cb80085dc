import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../server/db/migrate.ts';
import { onServer } from './server-sql.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, shut down cleanly, that each test's database starts as a copy of ('' on PostgreSQL). */
    embeddedTemplateDir: string;
    /** The same on PostgreSQL: a migrated database each test's database is created from ('' on the embedded database). */
    serverTemplateDatabase: string;
  }
}

/**
 * Once per run: an embedded database with every migration applied. Creating one from nothing takes PGlite about
 * 5 s (most of it initdb), a copy of this one about 1 s, and the tests make some forty of them. On PostgreSQL, a
 * migrated database each test's database is created from (CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `hn_test_template_${randomBytes(6).toString('hex')}`;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      await runMigrations(pool);
    } finally {
      await pool.end();
    }
    project.provide('embeddedTemplateDir', '');
    project.provide('serverTemplateDatabase', name);
    return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  project.provide('serverTemplateDatabase', '');
  const dir = await mkdtemp(path.join(tmpdir(), 'hn-test-template-'));
  // In a process of its own, as the server runs: the test runner's module loader cannot start the database's thread.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'create-template.ts'), dir]);
  project.provide('embeddedTemplateDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}

