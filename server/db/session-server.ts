import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * Serves one PGlite database to many `pg` connections over a unix socket, speaking PostgreSQL's wire protocol.
 *
 * PGlite is a single database session, so connections must take turns, and a turn has to be a whole exchange:
 * a query's extended-protocol messages (Parse, Bind, Describe, Execute, up to Sync) run together, or another
 * connection's Parse replaces the unnamed statement in between and its Bind fails ("bind message supplies 1
 * parameters, but prepared statement requires 2"). A connection inside a transaction keeps its turn until the
 * transaction ends, so no one else's statement runs inside it. (The @electric-sql/pglite-socket server queues
 * single messages, which interleaves exchanges under concurrent load.)
 *
 * A connection holding the turn and sending nothing (idle inside a transaction, or a client that stopped
 * reading or went quiet) would stop every other connection, so it is ended after `idleInTransactionTimeoutMs`,
 * as PostgreSQL's idle_in_transaction_session_timeout does: its transaction is rolled back and the turn passes on.
 * A statement that runs long cannot be stopped: PGlite has no timer signals, so it does not honour
 * statement_timeout (docs/operations.md, "Database timeouts"). It runs on the database's own worker thread (embedded-worker.ts), so it
 * holds up the other connections' statements but not the HTTP thread.
 *
 * Named prepared statements (`pool.query({ name, text, values })`) belong to their connection, as on PostgreSQL:
 * the session is shared, so each connection's statement names are given session-wide names of their own on the
 * way in (two connections preparing "trends" get two statements), and its statements are deallocated when it
 * closes. A prepared statement skips parsing on every later use, and planning once PostgreSQL settles on a
 * generic plan: less than half the time of the keyword trends statement here (docs/performance.md).
 */
export class PGliteSessionServer {
  private readonly server: Server;
  private readonly turn = new SessionTurn();
  private readonly connections = new Set<Socket>();
  private readonly closing = new Set<Promise<void>>();
  /** Connections accepted so far: each one's number prefixes its statements' session-wide names. */
  private accepted = 0;

  constructor(
    private readonly db: PGlite,
    private readonly socketPath: string,
    private readonly options: SessionServerOptions,
  ) {
    this.server = createServer((socket) => this.accept(socket));
    this.server.maxConnections = options.maxConnections;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.socketPath, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /** Resolves once every connection has let go of the session, so the database can be closed after it. */
  async stop(): Promise<void> {
    for (const socket of this.connections) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await Promise.all(this.closing);
  }

  private accept(socket: Socket): void {
    this.connections.add(socket);
    const connection = new Connection(socket, this.db, this.turn, this.options.idleInTransactionTimeoutMs, `c${this.accepted++}`);
    socket.on('close', () => {
      this.connections.delete(socket);
      // A failed rollback has nobody left to tell; the turn has been handed on regardless.
      const closing = connection.closed().catch(() => undefined);
      this.closing.add(closing);
      void closing.then(() => this.closing.delete(closing));
    });
    socket.on('error', () => socket.destroy());
  }
}

export interface SessionServerOptions {
  maxConnections: number;
  idleInTransactionTimeoutMs: number;
}

/** Who has the session now; the others wait in arrival order. */
class SessionTurn {
  private holder: Connection | null = null;
  private readonly waiting: (() => void)[] = [];

  async take(connection: Connection): Promise<void> {
    while (this.holder !== null && this.holder !== connection) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.holder = connection;
  }

  give(connection: Connection): void {
    if (this.holder !== connection) return;
    this.holder = null;
    this.waiting.shift()?.();
  }

  heldBy(connection: Connection): boolean {
    return this.holder === connection;
  }
}

/** Requests sent before the startup message, identified by their code instead of a protocol version. */
const SSL_REQUEST = 80877103;
const GSSAPI_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Messages that end an exchange: Sync ends an extended query, Query is a whole simple query, Terminate ends all. */
const EXCHANGE_ENDS = new Set(['S', 'Q', 'X'].map((letter) => letter.charCodeAt(0)));
/** Flush asks for the answers so far; the exchange goes on, so the connection keeps its turn. */
const FLUSH = 'H'.charCodeAt(0);
const TERMINATE = 'X'.charCodeAt(0);
/** Messages that name a prepared statement: where the name is, after the type and length (and what comes first). */
const PARSE = 'P'.charCodeAt(0);
const BIND = 'B'.charCodeAt(0);
const DESCRIBE = 'D'.charCodeAt(0);
const CLOSE = 'C'.charCodeAt(0);
const STATEMENT = 'S'.charCodeAt(0);

/**
 * What PostgreSQL sends a connection it ends for idling in a transaction: an ErrorResponse, FATAL, 25P03
 * (idle_in_transaction_session_timeout), so clients report the same error on either database.
 */
const IDLE_IN_TRANSACTION_ERROR = errorResponse({
  S: 'FATAL',
  V: 'FATAL',
  C: '25P03',
  M: 'terminating connection due to idle-in-transaction timeout',
});

class Connection {
  private buffer = Buffer.alloc(0);
  private started = false;
  private pending: Uint8Array[] = [];
  /** Incoming data is handled in order, one chunk after the other. */
  private work: Promise<void> = Promise.resolve();
  private open = true;
  /** Runs while this connection holds the turn between exchanges. */
  private idleTimer: NodeJS.Timeout | null = null;
  /** This connection's prepared statements: the client's name → the session-wide name. */
  private readonly statements = new Map<string, string>();

  constructor(
    private readonly socket: Socket,
    private readonly db: PGlite,
    private readonly turn: SessionTurn,
    private readonly idleTimeoutMs: number,
    /** Unique among the server's connections: prefixes the session-wide names of this connection's statements. */
    private readonly id: string,
  ) {
    socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.work = this.work
        .then(() => this.readMessages())
        .catch(() => {
          socket.destroy();
        });
    });
  }

  /**
   * A connection gone mid-transaction must not leave the session inside its transaction, nor its prepared
   * statements in the session.
   */
  async closed(): Promise<void> {
    this.open = false;
    this.stopIdleTimer();
    await this.work;
    if (!this.turn.heldBy(this) && this.statements.size === 0) return;
    await this.turn.take(this);
    try {
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
      // A statement whose Parse failed was never made: there is nothing to deallocate.
      for (const name of this.statements.values()) await this.db.exec(`DEALLOCATE "${name}"`).catch(() => undefined);
    } finally {
      this.turn.give(this);
    }
  }

  private async readMessages(): Promise<void> {
    while (this.open) {
      if (!this.started) {
        if (this.buffer.length < 8) return;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) return;
        const code = this.buffer.readInt32BE(4);
        const message = this.take(length);
        if (code === SSL_REQUEST || code === GSSAPI_REQUEST) {
          // No encryption on a local socket: 'N' tells the client to go on in the clear.
          this.socket.write('N');
        } else if (code === CANCEL_REQUEST) {
          this.socket.end();
          return;
        } else {
          this.started = true;
          await this.exchange([message], true);
        }
        continue;
      }
      if (this.buffer.length < 5) return;
      const length = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < length) return;
      const type = this.buffer[0]!;
      this.pending.push(this.withSessionNames(this.take(length)));
      if (EXCHANGE_ENDS.has(type) || type === FLUSH) {
        const messages = this.pending;
        this.pending = [];
        await this.exchange(messages, type !== FLUSH);
      }
      if (type === TERMINATE) {
        this.socket.end();
        return;
      }
    }
  }

  /** The message with the statement name it carries, if any, replaced by this connection's session-wide name for it. */
  private withSessionNames(message: Uint8Array): Uint8Array {
    const type = message[0];
    let at: number;
    if (type === PARSE) at = 5;
    else if (type === BIND) at = message.indexOf(0, 5) + 1; // after the portal's name
    else if ((type === DESCRIBE || type === CLOSE) && message[5] === STATEMENT) at = 6;
    else return message;
    const end = message.indexOf(0, at);
    if (end <= at) return message; // the unnamed statement: one per session, used within one exchange
    const name = Buffer.from(message.subarray(at, end)).toString();
    let sessionName = this.statements.get(name);
    if (!sessionName) {
      // Short, so never cut at PostgreSQL's 63 bytes for names, whatever the client's name.
      sessionName = `${this.id}_${this.statements.size}`;
      this.statements.set(name, sessionName);
    }
    const renamed = Buffer.concat([message.subarray(0, at), Buffer.from(sessionName), message.subarray(end)]);
    renamed.writeInt32BE(renamed.length - 1, 1);
    return renamed;
  }

  private take(length: number): Uint8Array {
    const message = new Uint8Array(this.buffer.subarray(0, length));
    this.buffer = this.buffer.subarray(length);
    return message;
  }

  /**
   * Runs messages on the session in this connection's turn; the turn ends with the exchange, outside a
   * transaction. The next exchange waits until the client has read this one's reply, so a client that reads
   * slowly holds at most one reply in memory (and, inside a transaction, the idle timer ends it).
   */
  private async exchange(messages: Uint8Array[], complete: boolean): Promise<void> {
    this.stopIdleTimer();
    await this.turn.take(this);
    try {
      // A client that left while waiting for the turn needs no answer.
      if (!this.open) return;
      // One call for the whole exchange: PGlite runs the messages of one buffer in order, as PostgreSQL reads them
      // from its socket, and each call has a fixed cost (entering the database, syncing its files). The reply's
      // chunks go out in one write at the end (cork), not one system call each.
      this.socket.cork();
      await this.db.execProtocolRawStream(messages.length === 1 ? messages[0]! : Buffer.concat(messages), {
        // PGlite hands out a view of its own memory and reuses it for the next chunk: a chunk the socket
        // has to queue (a reader slower than the reply) must be a copy, or it changes before it is sent.
        onRawData: (data) => {
          if (this.open && this.socket.writable) this.socket.write(Buffer.from(data));
        },
      });
    } finally {
      this.socket.uncork();
      if (complete && !this.db.isInTransaction()) this.turn.give(this);
      if (this.turn.heldBy(this)) this.startIdleTimer();
    }
    await this.drained();
  }

  private drained(): Promise<void> {
    if (!this.socket.writableNeedDrain) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.socket.off('drain', done);
        this.socket.off('close', done);
        resolve();
      };
      this.socket.on('drain', done);
      this.socket.on('close', done);
    });
  }

  private startIdleTimer(): void {
    this.idleTimer = setTimeout(() => this.endIdle(), this.idleTimeoutMs);
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /**
   * Ends a connection that held the turn too long without a word. Closing the socket hands the session on
   * through closed(), after any work of this connection, so nothing else rolls back in the meantime.
   */
  private endIdle(): void {
    this.idleTimer = null;
    this.open = false;
    // Written before the socket closes, so a client still reading learns why (as from PostgreSQL).
    this.socket.write(IDLE_IN_TRANSACTION_ERROR);
    this.socket.destroy();
  }
}

/** A backend ErrorResponse message: 'E', its length, then each field as a code letter and a C string. */
function errorResponse(fields: Record<string, string>): Buffer {
  const body = Buffer.concat([...Object.entries(fields).map(([code, value]) => Buffer.from(`${code}${value}\0`)), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}
