import { Transform } from 'node:stream';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
}

/** What sending did: delivered, or a failure that is worth retrying (temporary) or not (permanent). */
export type SendResult = { ok: true } | { ok: false; permanent: boolean; message: string };

export interface SendOptions {
  /**
   * The SMTP server is not told the message is complete (the final dot) before this settles; if it rejects, the
   * message is abandoned. Lets the sender mark the previous email sent while this one is on its way, with never
   * two emails accepted by the server and not yet marked.
   */
  completeAfter?: Promise<unknown>;
}

export interface MailTransport {
  send(mail: OutgoingMail, options?: SendOptions): Promise<SendResult>;
  close(): void;
}

/**
 * Nodemailer over SMTP_URL with pooled connections. SMTP's own codes tell the failures apart: a 5xx reply
 * (no such mailbox, refused) is permanent; a 4xx reply, a timeout or a lost connection is worth another try.
 */
export function smtpTransport(url: string, maxConnections = 5): MailTransport {
  const address = new URL(url);
  address.searchParams.set('pool', 'true');
  address.searchParams.set('maxConnections', String(maxConnections));
  const transporter = nodemailer.createTransport(address.toString());
  transporter.use('stream', (message, done) => {
    const { completeAfter } = message.data as { completeAfter?: Promise<unknown> };
    if (completeAfter) message.message.transform(() => holdEndUntil(completeAfter));
    done();
  });
  return {
    async send(mail, { completeAfter } = {}) {
      try {
        await transporter.sendMail({
          ...(completeAfter ? { completeAfter } : {}),
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          headers: mail.headers,
        });
        return { ok: true };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        const message = (error as Error).message.slice(0, 500);
        return { ok: false, permanent: code !== undefined && code >= 500 && code < 600, message };
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** Passes a message through, but ends it only once `gate` has settled, and fails it if `gate` rejects. */
function holdEndUntil(gate: Promise<unknown>): Transform {
  return new Transform({
    transform(chunk, _encoding, callback) {
      callback(null, chunk);
    },
    flush(callback) {
      gate.then(() => callback(), (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
}
