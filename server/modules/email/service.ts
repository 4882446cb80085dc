import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { DEFAULT_PREFERENCES, type Preferences } from '#common/rules/preferences.ts';
import { currentNewsletterWeek, newsletterWeekAt, UNSUBSCRIBE_NAMES, weekOfSunday } from '#common/rules/email.ts';
import type { EmailKind, TestEmailType, UnsubscribeType } from '#common/rules/limits.ts';
import { watchChange, watchChangeNote } from '#common/rules/watch-change.ts';
import { HttpError } from '../../http/errors.ts';
import { collectEvents, planAlerts, readRecipient } from './alerts.ts';
import { queueContactNotices, type ContactMessage } from './contact-notice.ts';
import type { EmailComposer, Recipient } from '../../email/compose.ts';
import { personalDigest, queueWeeklyDigest, renderDigestTemplate, type DigestRunResult } from './digest.ts';
import { enqueueEmails, type MailDelivery, type NewEmail } from '../../email/outbox.ts';
import { EMAIL_STORY_COLUMNS, emailStoryOf, storyItem, type EmailStory, type EmailStoryRow } from './stories.ts';
import { senderDomain } from '../../email/tokens.ts';
import { withTransaction } from '../../db/transaction.ts';
import { listedStory } from '../stories/visibility.ts';

export interface EmailServiceDeps {
  pool: pg.Pool;
  composer: EmailComposer;
  delivery: MailDelivery;
  from: string;
  now: () => number;
}

/** What each unsubscribe type turns off (spec part 2 §4); no type turns off every email notification. */
const UNSUBSCRIBE_FLAGS: Readonly<Record<UnsubscribeType | 'all', (keyof Preferences)[]>> = {
  keyword_alert: ['emailNotifications'],
  keyword_digest: ['emailNotifications'],
  watch_notification: [],
  weekly_digest: ['weeklyDigest'],
  trending_alerts: ['trendingAlerts'],
  prediction_alert: ['predictionAlerts'],
  contact_message: [],
  welcome: ['emailNotifications', 'weeklyDigest', 'trendingAlerts', 'predictionAlerts'],
  all: ['emailNotifications', 'weeklyDigest', 'trendingAlerts', 'predictionAlerts'],
};
/** The kinds whose queued email is dropped with an unsubscribe of each type. */
const UNSUBSCRIBE_KINDS: Readonly<Record<UnsubscribeType | 'all', EmailKind[]>> = {
  keyword_alert: ['keyword_alert', 'keyword_digest'],
  keyword_digest: ['keyword_alert', 'keyword_digest'],
  watch_notification: ['watch_notification'],
  weekly_digest: ['weekly_digest'],
  trending_alerts: ['trending_alerts'],
  prediction_alert: ['prediction_alert'],
  contact_message: ['contact_message'],
  welcome: ['keyword_alert', 'keyword_digest', 'watch_notification', 'weekly_digest', 'trending_alerts', 'prediction_alert', 'contact_message'],
  all: ['keyword_alert', 'keyword_digest', 'watch_notification', 'weekly_digest', 'trending_alerts', 'prediction_alert', 'contact_message'],
};

export const INVALID_UNSUBSCRIBE = 'This unsubscribe link is invalid or has been changed. Use Email Preferences to choose your emails.';

/** The test email types (part 2 §3) and the kind each one previews. */
const TEST_KINDS: Readonly<Record<TestEmailType, EmailKind>> = {
  'keyword-alert': 'keyword_alert',
  'weekly-digest': 'weekly_digest',
  'prediction-alert': 'prediction_alert',
  'watch-notification': 'watch_notification',
  welcome: 'welcome',
};

/** The change the watch notification sample shows: a story moving up from Rising to Hot. */
const SAMPLE_WATCH_CHANGE = watchChange('rising', 'hot')!;

/** Email: what the product sends, when, and to whom (docs/email.md). */
export class EmailService {
  /** Asks the mail job to run soon (set by the process that runs jobs); without one, the next scheduled run sends. */
  kick: () => void = () => undefined;

  constructor(readonly deps: EmailServiceDeps) {}

  get enabled(): boolean {
    return this.deps.delivery.enabled;
  }

  /** One run of the mail job: welcome emails for new accounts, new events into pending items, items and the Sunday digest into the outbox, then send. */
  async run(): Promise<void> {
    const nowMs = this.deps.now();
    const context = { pool: this.deps.pool, composer: this.deps.composer, from: this.deps.from, baseUrl: this.deps.composer.baseUrl };
    await this.queueWelcomes(nowMs);
    await collectEvents(this.deps.pool, nowMs);
    await planAlerts(context, nowMs);
    // The Sunday newsletter is queued when Sunday morning first comes anywhere, each copy held until its reader's
    // Sunday morning; later runs that weekend add the people who joined since (docs/email.md "Time zones").
    const week = newsletterWeekAt(nowMs);
    if (week) await queueWeeklyDigest(context, week, { force: false, nowMs, newcomers: true });
    await this.deps.delivery.deliverDue();
  }

  /**
   * The welcome email of every account made in the last day that has none (its key makes it once per person). Sign-up
   * only asks for a run: composing here keeps the template work out of the sign-up request.
   */
  async queueWelcomes(nowMs: number): Promise<number> {
    const fresh = await this.deps.pool.query<{ id: string }>(
      `SELECT u.id FROM users u
        WHERE u.created_at > $1 AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.idempotency_key = 'welcome:' || u.id)
        ORDER BY u.created_at LIMIT 1000`,
      [new Date(nowMs - 86_400_000)],
    );
    for (const { id } of fresh.rows) {
      const recipient = await readRecipient(this.deps.pool, id);
      if (recipient) await enqueueEmails(this.deps.pool, [await this.composeWelcome(`welcome:${id}`, recipient)], this.deps.from, nowMs);
    }
    return fresh.rows.length;
  }

  private composeWelcome(key: string, to: Recipient): Promise<NewEmail> {
    return this.deps.composer.compose({
      key,
      kind: 'welcome',
      to,
      subject: 'Welcome to HN Trends',
      build: (footer, track, t) => t.h(t.WelcomeEmail, { name: to.name, homeUrl: track(`${this.deps.composer.baseUrl}/`), footer }),
    });
  }

  /** Tells every administrator who has not opted out that a contact message arrived; the mail job sends it soon. */
  async notifyContactMessage(message: ContactMessage): Promise<number> {
    const queued = await queueContactNotices({ pool: this.deps.pool, composer: this.deps.composer, from: this.deps.from }, message, this.deps.now());
    if (queued > 0) this.kick();
    return queued;
  }

  /** The weekly newsletter now (the admin's button): idempotent per week unless forced. */
  async sendWeeklyDigest(force: boolean): Promise<DigestRunResult> {
    const nowMs = this.deps.now();
    const result = await queueWeeklyDigest(
      { pool: this.deps.pool, composer: this.deps.composer, from: this.deps.from },
      currentNewsletterWeek(nowMs),
      { force, nowMs },
    );
    this.kick();
    return result;
  }

  /** A sample of one kind to the admin, with real stories where there are any; sent now, whatever the controls. */
  async sendTest(adminId: string, type: TestEmailType): Promise<void> {
    if (!this.enabled) throw new HttpError(409, 'Email delivery is off: set SMTP_URL to send email.');
    const to = await readRecipient(this.deps.pool, adminId);
    if (!to) throw new HttpError(404, 'Account not found');
    const kind = TEST_KINDS[type];
    const key = `test:${kind}:${randomUUID()}`;
    const sample = await this.sampleStories(3);
    const composer = this.deps.composer;
    const items = (track: (url: string) => string, note?: string) =>
      sample.map((story) => storyItem(story, composer.baseUrl, track, note));
    let email: NewEmail;
    if (kind === 'welcome') email = await this.composeWelcome(key, to);
    else if (kind === 'weekly_digest') {
      const template = await renderDigestTemplate(this.deps.pool, composer, weekOfSunday(this.deps.now()));
      email = personalDigest(template, composer, { key, userId: to.userId, email: to.email, name: to.name });
    } else {
      const subject = { keyword_alert: 'Keyword alert: test', prediction_alert: 'Predicted to trend (test)', watch_notification: 'Watched story update (test)' }[
        kind as 'keyword_alert' | 'prediction_alert' | 'watch_notification'
      ];
      email = await composer.compose({
        key,
        kind,
        to,
        subject: `[Test] ${subject}`,
        build: (footer, track, t) =>
          kind === 'keyword_alert'
            ? t.h(t.KeywordAlertEmail, { keyword: 'test', stories: items(track), footer })
            : kind === 'prediction_alert'
              ? t.h(t.PredictionAlertEmail, { stories: items(track, 'sample prediction'), footer })
              : t.h(t.WatchNotificationEmail, { stories: items(track, watchChangeNote(SAMPLE_WATCH_CHANGE)), direction: SAMPLE_WATCH_CHANGE.direction, footer }),
      });
    }
    await enqueueEmails(this.deps.pool, [{ ...email, subject: email.subject.startsWith('[Test]') ? email.subject : `[Test] ${email.subject}` }], this.deps.from, this.deps.now());
    this.kick();
  }

  private async sampleStories(count: number): Promise<EmailStory[]> {
    const result = await this.deps.pool.query<EmailStoryRow>(
      `SELECT ${EMAIL_STORY_COLUMNS} FROM stories WHERE ${listedStory()} ORDER BY trending_score DESC, id DESC LIMIT $1`,
      [count],
    );
    if (result.rows.length === 0) return [{ id: 0, hnId: 1, url: 'https://example.com/', title: 'A sample story', domain: 'example.com', by: 'someone', score: 120, comments: 45 }];
    return result.rows.map(emailStoryOf);
  }

  /**
   * Applies a signed unsubscribe link: the person's flags for the type go off, the matching control too for watch
   * notifications, and email of those kinds still waiting in the outbox is skipped. Applying it twice is harmless.
   */
  async unsubscribe(userId: string, type: UnsubscribeType | null): Promise<{ message: string; userEmail: string; emailType: string }> {
    const key = type ?? 'all';
    return withTransaction(this.deps.pool, async (client) => {
      const user = await client.query<{ email: string; preferences: Partial<Preferences> | null }>(
        'SELECT u.email, p.preferences FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id WHERE u.id = $1 FOR UPDATE OF u',
        [userId],
      );
      const row = user.rows[0];
      if (!row) throw new HttpError(404, 'This unsubscribe link belongs to an account that no longer exists.');
      const preferences = { ...DEFAULT_PREFERENCES, ...(row.preferences ?? {}) };
      for (const flag of UNSUBSCRIBE_FLAGS[key]) (preferences as Record<string, unknown>)[flag] = false;
      await client.query(
        `INSERT INTO user_preferences (user_id, preferences, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (user_id) DO UPDATE SET preferences = excluded.preferences, updated_at = now()`,
        [userId, JSON.stringify(preferences)],
      );
      // The kinds without a preference flag are switched off by their control's isActive.
      for (const controlled of ['watch_notification', 'contact_message'] as const) {
        if (key !== controlled && key !== 'all' && key !== 'welcome') continue;
        await client.query(
          `INSERT INTO email_frequency_controls (user_id, email_type, is_active) VALUES ($1, $2, false)
           ON CONFLICT (user_id, email_type) DO UPDATE SET is_active = false, updated_at = now()`,
          [userId, controlled],
        );
      }
      await client.query(
        `UPDATE email_outbox SET status = 'skipped', reason = 'Unsubscribed' WHERE user_id = $1 AND status = 'pending' AND kind = ANY($2::text[])`,
        [userId, UNSUBSCRIBE_KINDS[key]],
      );
      await client.query('DELETE FROM email_pending_items WHERE user_id = $1 AND kind = ANY($2::text[])', [userId, UNSUBSCRIBE_KINDS[key]]);
      return { message: `You have been unsubscribed from ${UNSUBSCRIBE_NAMES[key]}.`, userEmail: row.email, emailType: type ?? 'all' };
    });
  }

  /** Counts an open (the pixel) or a click of an email, by its Message-ID token. */
  async track(token: string, event: 'open' | 'click', nowMs: number): Promise<void> {
    const column = event === 'open' ? 'opened_at' : 'clicked_at';
    const counter = event === 'open' ? 'opens' : 'clicks';
    // A click shows the email was opened too, even where the client blocked the pixel.
    await this.deps.pool.query(
      `UPDATE email_outbox SET ${counter} = ${counter} + 1, ${column} = coalesce(${column}, $2)
         ${event === 'click' ? ', opened_at = coalesce(opened_at, $2)' : ''}
        WHERE message_id = '<' || $1 || '@' || $3 || '>'`,
      [token, new Date(nowMs), senderDomain(this.deps.from)],
    );
  }
}
