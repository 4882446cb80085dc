import type { ReactElement } from 'react';
import type { EmailKind, UnsubscribeType } from '#common/rules/limits.ts';
import type { NewEmail } from './outbox.ts';
import type { Footer } from './templates/layout.tsx';
import { templates, type Templates } from './templates/load.ts';
import { EmailSigner, messageToken } from './tokens.ts';

/** Why a person receives each kind, and what its unsubscribe link stops (spec part 2 §4). */
const WHY: Readonly<Record<EmailKind, { reason: string; stop: string }>> = {
  welcome: { reason: 'You receive this email because you created an account on HN Trends.', stop: 'Unsubscribe from all emails' },
  watch_notification: { reason: 'You receive this because you watch these stories on HN Trends.', stop: 'Unsubscribe from watch notifications' },
  keyword_alert: { reason: 'You receive this because you set a keyword alert on HN Trends and email notifications are on.', stop: 'Unsubscribe from keyword alerts' },
  keyword_digest: { reason: 'You receive this because you set keyword alerts on HN Trends and chose to have them bundled.', stop: 'Unsubscribe from keyword alerts' },
  trending_alerts: { reason: 'You receive this because trending alerts are on in your HN Trends preferences.', stop: 'Unsubscribe from trending alerts' },
  prediction_alert: { reason: 'You receive this because prediction alerts are on in your HN Trends preferences.', stop: 'Unsubscribe from prediction alerts' },
  weekly_digest: { reason: 'You receive this because you subscribed to the HN Trends weekly newsletter.', stop: 'Unsubscribe from the weekly newsletter' },
  contact_message: { reason: 'You receive this because you are an administrator of HN Trends.', stop: 'Unsubscribe from contact message notices' },
};

/** The unsubscribe type of each kind's links (welcome: every email, as part 2 §4's type 'welcome'). */
export function unsubscribeTypeOf(kind: EmailKind): UnsubscribeType {
  return kind;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface Recipient {
  userId: string;
  email: string;
  /** The name to greet the person by; empty for an unconfirmed address (RECIPIENT_NAME_SQL). */
  name: string;
}

/**
 * The name an email greets its recipient by, as SQL over `users u`. Only an address the person has confirmed (an
 * external provider vouched for it) is greeted by name: anyone can sign up with someone else's address, and the
 * name is theirs to choose, so it could carry a phishing line or an advert in our email to a stranger. Those get
 * the email's fixed wording instead (docs/email.md).
 */
export const RECIPIENT_NAME_SQL = `CASE WHEN u.email_verified
  THEN coalesce(nullif(u.display_name, ''), nullif(u.first_name, ''), nullif(u.name, ''), u.handle) ELSE '' END`;

/** Builds the tracked links, the footer and the headers of one email, and renders it to HTML and text. */
export class EmailComposer {
  constructor(
    readonly signer: EmailSigner,
    readonly baseUrl: string,
  ) {}

  /** A link through the click counter; the signature covers the email and the address, so it cannot be repointed. */
  tracked(token: string, url: string): string {
    return `${this.baseUrl}/api/email/click/${token}/${this.signer.clickSignature(token, url)}?u=${encodeURIComponent(url)}`;
  }

  openPixel(token: string): string {
    return `${this.baseUrl}/api/email/open/${token}/${this.signer.openSignature(token)}`;
  }

  unsubscribePage(userId: string, kind: EmailKind): string {
    const type = unsubscribeTypeOf(kind);
    return `${this.baseUrl}/unsubscribe/${this.signer.unsubscribeToken(userId, type)}?type=${type}`;
  }

  /** The RFC 8058 one-click address: a POST here unsubscribes without a page; opening it leads to the page. */
  oneClick(userId: string, kind: EmailKind): string {
    const type = unsubscribeTypeOf(kind);
    return `${this.baseUrl}/api/unsubscribe/${this.signer.unsubscribeToken(userId, type)}?type=${type}`;
  }

  footer(kind: EmailKind, userId: string, token: string): Footer {
    return {
      reason: WHY[kind].reason,
      unsubscribeLabel: WHY[kind].stop,
      unsubscribeUrl: this.unsubscribePage(userId, kind),
      preferencesUrl: `${this.baseUrl}/preferences`,
      openPixelUrl: this.openPixel(token),
    };
  }

  headers(kind: EmailKind, userId: string): Record<string, string> {
    return {
      'List-Unsubscribe': `<${this.oneClick(userId, kind)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-HN-Trends-Kind': kind,
    };
  }

  /** Renders `build(footer, track)` for one person into an email ready for the outbox. */
  async compose(input: {
    key: string;
    kind: EmailKind;
    to: Recipient;
    subject: string;
    build: (footer: Footer, track: (url: string) => string, templates: Templates) => ReactElement;
  }): Promise<NewEmail> {
    const token = messageToken(input.key);
    const loaded = await templates();
    const html = await loaded.render(input.build(this.footer(input.kind, input.to.userId, token), (url) => this.tracked(token, url), loaded));
    return {
      key: input.key,
      kind: input.kind,
      userId: input.to.userId,
      recipient: input.to.email,
      subject: input.subject,
      html,
      text: plainText(loaded, html),
      headers: this.headers(input.kind, input.to.userId),
    };
  }
}

/** The text part: the HTML's words and links, without the tracking pixel. */
export function plainText(loaded: Templates, html: string): string {
  return loaded.toPlainText(html, { selectors: [{ selector: 'img', format: 'skip' }] });
}
