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

export interface MailTransport {
  send(mail: OutgoingMail): Promise<SendResult>;
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
  return {
    async send(mail) {
      try {
        await transporter.sendMail({
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
