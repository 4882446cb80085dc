import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Config } from '../config.ts';
import { startEmbeddedDatabase } from './embedded.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  connectionString: string;
  embedded: boolean;
  close(): Promise<void>;
}

// COUNT(*) and bigint columns come back as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>): Promise<Database> {
  const embedded = config.DATABASE_URL ? null : await startEmbeddedDatabase(config.DATA_DIR);
  const connectionString = config.DATABASE_URL ?? embedded!.connectionString;
  const pool = new pg.Pool({ connectionString, max: config.DATABASE_POOL_SIZE });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.close();
    throw error;
  }
  return {
    db: drizzle(pool, { schema }),
    pool,
    connectionString,
    embedded: embedded !== null,
    async close() {
      await pool.end();
      await embedded?.close();
    },
  };
}
