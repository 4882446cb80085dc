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
 */
export class PGliteSessionServer {
  private readonly server: Server;
  private readonly turn = new SessionTurn();
  private readonly connections = new Set<Socket>();

  constructor(
    private readonly db: PGlite,
    private readonly socketPath: string,
    maxConnections: number,
  ) {
    this.server = createServer((socket) => this.accept(socket));
    this.server.maxConnections = maxConnections;
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

  async stop(): Promise<void> {
    for (const socket of this.connections) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.connections.add(socket);
    const connection = new Connection(socket, this.db, this.turn);
    socket.on('close', () => {
      this.connections.delete(socket);
      void connection.closed();
    });
    socket.on('error', () => socket.destroy());
  }
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

class Connection {
  private buffer = Buffer.alloc(0);
  private started = false;
  private pending: Uint8Array[] = [];
  /** Incoming data is handled in order, one chunk after the other. */
  private work: Promise<void> = Promise.resolve();
  private open = true;

  constructor(
    private readonly socket: Socket,
    private readonly db: PGlite,
    private readonly turn: SessionTurn,
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

  /** A connection gone mid-transaction must not leave the session inside its transaction. */
  async closed(): Promise<void> {
    this.open = false;
    await this.work;
    if (!this.turn.heldBy(this)) return;
    try {
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    } finally {
      this.turn.give(this);
    }
  }

  private async readMessages(): Promise<void> {
    for (;;) {
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
      this.pending.push(this.take(length));
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

  private take(length: number): Uint8Array {
    const message = new Uint8Array(this.buffer.subarray(0, length));
    this.buffer = this.buffer.subarray(length);
    return message;
  }

  /** Runs messages on the session in this connection's turn; the turn ends with the exchange, outside a transaction. */
  private async exchange(messages: Uint8Array[], complete: boolean): Promise<void> {
    await this.turn.take(this);
    try {
      for (const message of messages) {
        await this.db.execProtocolRawStream(message, {
          onRawData: (data) => {
            if (this.open && this.socket.writable) this.socket.write(data);
          },
        });
      }
    } finally {
      if (complete && !this.db.isInTransaction()) this.turn.give(this);
    }
  }
}
