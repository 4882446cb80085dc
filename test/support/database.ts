import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type DatabaseOptions } from '../../server/db/index.ts';
import { runMigrations } from '../../server/db/migrate.ts';

export interface TestDatabase {
  database: Database;
  /** A connection string other processes can use to reach the same database. */
  url: string;
  close(): Promise<void>;
}

/** Pool size and timeouts a test may choose; where the database is, is up to createTestDatabase. */
export type TestDatabaseOptions = Partial<Omit<DatabaseOptions, 'DATABASE_URL' | 'DATA_DIR'>>;

/**
 * A fresh, migrated database for one test file: embedded PGlite in a temporary folder by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const pool = { DATABASE_POOL_SIZE: 10, ...options };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `hn_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const template = inject('serverTemplateDatabase');
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ ...pool, DATABASE_URL: url.toString(), DATA_DIR: '' });
    await runMigrations(database.pool);
    return {
      database,
      url: url.toString(),
      async close() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: serverUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dataDir = await embeddedDataDir('hn-test-');
  const database = await openDatabase({ ...pool, DATABASE_URL: undefined, DATA_DIR: dataDir });
  await runMigrations(database.pool);
  return {
    database,
    url: database.connectionString,
    async close() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new folder for an embedded database, holding a copy of the run's migrated template (test/support/global-setup.ts)
 * when there is one: the migrations then find nothing to do.
 */
export async function embeddedDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const template = inject('embeddedTemplateDir');
  if (template) await cp(template, dataDir, { recursive: true });
  return dataDir;
}
