import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { loadConfig, type Config } from '../config.ts';
import { startEmbeddedDatabase } from './embedded.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  connectionString: string;
  embedded: boolean;
  /** The embedded database's end other than by close() (see EmbeddedDatabase.lost); null on PostgreSQL. */
  lost: Promise<Error> | null;
  close(): Promise<void>;
}

type DatabaseTimeouts = Pick<Config, 'DATABASE_STATEMENT_TIMEOUT_MS' | 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS' | 'DATABASE_POOL_TIMEOUT_MS'>;
/** Where and how big; the timeouts default to the configuration's defaults. */
export type DatabaseOptions = Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'> & Partial<DatabaseTimeouts & Pick<Config, 'EMBEDDED_DATABASE_CACHE_MB'>>;

// COUNT(*) and bigint columns come back as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const config = { ...loadConfig({}), ...definedOnly(options) };
  const embedded = config.DATABASE_URL
    ? null
    : await startEmbeddedDatabase(config.DATA_DIR, {
        idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        sharedBuffersMb: config.EMBEDDED_DATABASE_CACHE_MB,
      });
  const connectionString = config.DATABASE_URL ?? embedded!.connectionString;
  const pool = new pg.Pool({
    connectionString,
    max: config.DATABASE_POOL_SIZE,
    // Waiting for a free connection ends in an error (a 503) instead of hanging the request.
    connectionTimeoutMillis: config.DATABASE_POOL_TIMEOUT_MS,
    // Sent at connection start; PostgreSQL cancels the statement or ends the connection. The embedded database
    // ignores both (a running statement cannot be interrupted there); its session server ends idle transactions.
    ...(embedded
      ? {}
      : {
          statement_timeout: config.DATABASE_STATEMENT_TIMEOUT_MS,
          idle_in_transaction_session_timeout: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
          // No parallel plans: requests are many, short and concurrent, and starting worker processes took 50 ms to
          // save 2 (a search of two letters, docs/search.md). The embedded database has no workers either.
          options: '-c max_parallel_workers_per_gather=0',
        }),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one (a transaction ended for idling is told so by an error event); its next query
  // fails, the request answers 503, and the pool discards the client on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
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
    lost: embedded?.lost ?? null,
    async close() {
      await pool.end();
      await embedded?.close();
    },
  };
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** PostgreSQL's codes for a statement cancelled by statement_timeout and a connection ended for idling in a transaction. */
const TIMEOUT_CODES = new Set(['57014', '25P03']);
/**
 * pg-pool's messages when no connection was free within connectionTimeoutMillis, or a new one did not start in
 * that time (on the embedded database, a new connection waits for the session like any query).
 */
const POOL_TIMEOUT_MESSAGES = new Set(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']);

/**
 * True for an error that means the database was too busy to answer in time (a statement or a wait for a
 * connection ran out its timeout), as opposed to a mistake in the request or the code. Drizzle wraps the
 * driver's error in `cause`.
 */
export function isDatabaseTimeout(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return true;
    if (POOL_TIMEOUT_MESSAGES.has(current.message)) return true;
  }
  return false;
}

/**
 * Codes of a database that went away: connection exceptions (class 08), an administrator or a crash ending the
 * session (57P01-57P03), and a database that refuses connections for now (55000 sent as FATAL at connection start,
 * "not currently accepting connections").
 */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03']);
/** The socket's errors: the server is not listening (or its unix socket is gone), or it dropped the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres's messages for a connection that ended under a query, or a client it will not use again. */
const CONNECTION_LOST_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/**
 * True for an error that says the database cannot be reached or did not answer, which passes once it is back
 * (a restart, a failover, an outage of the network or the server), as opposed to a fault of the statement or of
 * the code. Such errors are survived and retried; other errors are not.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isDatabaseTimeout(error)) return true;
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_CODES.has(code) || SOCKET_CODES.has(code)) return true;
      if (severity === 'FATAL' && code === '55000') return true;
    }
    if (CONNECTION_LOST_MESSAGES.has(current.message)) return true;
    // Connecting to a name with several addresses fails with each address's error.
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
