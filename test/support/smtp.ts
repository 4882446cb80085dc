import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** Answers the next RCPT commands with this SMTP code (4xx: try again later; 5xx: refused) until cleared. */
  refuseWith(code: number | null): void;
  /** Runs `check` on each email the server has read, before it answers that it accepted it (null: no check). */
  checkBeforeAccepting(check: ((mail: ReceivedMail) => Promise<void>) | null): void;
  /** Waits until `count` emails have arrived in all (they arrive asynchronously after the client's QUIT). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port, keeping every message it accepts, parsed. */
export async function startSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let refuse: number | null = null;
  let checkBeforeAccepting: ((mail: ReceivedMail) => Promise<void>) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refuse === null) return callback();
      const error = new Error(refuse >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & { responseCode: number };
      error.responseCode = refuse;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then(async (parsed) => {
            const mail = { envelopeTo: session.envelope.rcptTo.map((to) => to.address), raw, parsed };
            await checkBeforeAccepting?.(mail);
            received.push(mail);
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseWith(code) {
      refuse = code;
    },
    checkBeforeAccepting(check) {
      checkBeforeAccepting = check;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
