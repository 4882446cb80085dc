import type pg from 'pg';
import { DEFAULT_EMAIL_CONTROL } from '#common/contracts/accounts.ts';
import { DEFAULT_PREFERENCES, type Preferences } from '#common/rules/preferences.ts';
import { bundleDue, normaliseMaxEmailsPerDay, quietHoursRelease } from '#common/rules/email.ts';
import type { EmailFrequency, EmailKind, EmailType } from '#common/rules/limits.ts';
import { FALLBACK_TIME_ZONE } from '#common/rules/time-zones.ts';
import { PREDICTION_HORIZON_HOURS, TREND_CALL_THRESHOLD } from '#common/rules/predictions.ts';
import { watchChange, watchChangeNote, type WatchChange } from '#common/rules/watch-change.ts';
import { RECIPIENT_NAME_SQL, type EmailComposer, type Recipient } from '../../email/compose.ts';
import { enqueueEmails, type NewEmail } from '../../email/outbox.ts';
import { storiesByIds, storyItem, type EmailStory } from './stories.ts';
import { mutesOf } from '../mutes/service.ts';
import type { StoryItem } from '../../email/templates/layout.tsx';
import { withTransaction } from '../../db/transaction.ts';
import { listedStory } from '../stories/visibility.ts';

/**
 * Alerts from real events (docs/email.md): ingestion records watch status changes and keyword alert firings, and
 * stories turn viral. `collect` moves each new event into email_pending_items in the statement that marks it
 * taken, so an event is neither lost nor taken twice; `plan` turns a person's pending items into email as their
 * controls allow: one email each when immediate, one bundle per period otherwise, held through quiet hours,
 * skipped (and logged) past the daily cap.
 */

/** The kinds of pending items, each with the preference flag that must be on and the control that governs it. */
export const ALERT_KINDS = {
  watch_notification: { flag: 'emailNotifications', control: 'watch_notification' },
  keyword_alert: { flag: 'emailNotifications', control: 'keyword_alert' },
  trending_alerts: { flag: 'trendingAlerts', control: 'trending_alerts' },
  prediction_alert: { flag: 'predictionAlerts', control: 'prediction_alert' },
} as const satisfies Record<string, { flag: keyof Preferences; control: EmailType }>;
type AlertKind = keyof typeof ALERT_KINDS;

export interface Control {
  frequency: EmailFrequency;
  maxEmailsPerDay: number;
  digestMode: boolean;
  quietHoursStart: number | null;
  quietHoursEnd: number | null;
  isActive: boolean;
  lastEmailSent: Date | null;
}

type Queryable = pg.Pool | pg.PoolClient;

export async function readControl(db: Queryable, userId: string, type: EmailType): Promise<Control> {
  const result = await db.query<{
    frequency: EmailFrequency;
    max_emails_per_day: number;
    digest_mode: boolean;
    quiet_hours_start: number | null;
    quiet_hours_end: number | null;
    is_active: boolean;
    last_email_sent: Date | null;
  }>('SELECT * FROM email_frequency_controls WHERE user_id = $1 AND email_type = $2', [userId, type]);
  const row = result.rows[0];
  if (!row) return { ...DEFAULT_EMAIL_CONTROL, lastEmailSent: null };
  return {
    frequency: row.frequency,
    maxEmailsPerDay: normaliseMaxEmailsPerDay(row.max_emails_per_day),
    digestMode: row.digest_mode,
    quietHoursStart: row.quiet_hours_start,
    quietHoursEnd: row.quiet_hours_end,
    isActive: row.is_active,
    lastEmailSent: row.last_email_sent,
  };
}

/** The person an email goes to, with their preferences and the time zone their email follows (UTC while none is saved). */
export async function readRecipient(db: Queryable, userId: string): Promise<(Recipient & { preferences: Preferences; timeZone: string }) | null> {
  const result = await db.query<{ id: string; email: string; name: string; preferences: Partial<Preferences> | null; time_zone: string | null }>(
    `SELECT u.id, u.email, ${RECIPIENT_NAME_SQL} AS name, p.preferences, u.time_zone
       FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  const row = result.rows[0];
  if (!row) return null;
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    preferences: { ...DEFAULT_PREFERENCES, ...(row.preferences ?? {}) },
    timeZone: row.time_zone ?? FALLBACK_TIME_ZONE,
  };
}

/** Emails of these kinds that count against today's cap: queued, in flight or sent in the last 24 hours. */
export async function sentToday(db: Queryable, userId: string, kinds: EmailKind[], nowMs: number): Promise<number> {
  const result = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM email_outbox
      WHERE user_id = $1 AND kind = ANY($2::text[]) AND status IN ('pending', 'sending', 'sent') AND created_at > $3`,
    [userId, kinds, new Date(nowMs - 86_400_000)],
  );
  return result.rows[0]!.n;
}

export async function touchLastEmailSent(db: Queryable, userId: string, type: EmailType, nowMs: number): Promise<void> {
  await db.query(
    `INSERT INTO email_frequency_controls (user_id, email_type, last_email_sent) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, email_type) DO UPDATE SET last_email_sent = excluded.last_email_sent`,
    [userId, type, new Date(nowMs)],
  );
}

/** Moves new events into pending items; returns how many were taken. Runs as one statement per source. */
export async function collectEvents(pool: pg.Pool, nowMs: number): Promise<number> {
  const now = new Date(nowMs);
  const watch = await pool.query(
    `WITH taken AS (
       UPDATE watch_status_changes SET notified_at = $1 WHERE notified_at IS NULL
       RETURNING id, user_id, story_id, from_status, to_status
     )
     INSERT INTO email_pending_items (user_id, kind, payload, created_at)
     SELECT user_id, 'watch_notification', jsonb_build_object('storyId', story_id, 'from', from_status, 'to', to_status, 'eventId', id), $1
       FROM taken`,
    [now],
  );
  const keyword = await pool.query(
    `WITH taken AS (
       UPDATE keyword_alert_firings SET notified_at = $1 WHERE notified_at IS NULL
       RETURNING id, user_id, keyword, story_ids
     )
     INSERT INTO email_pending_items (user_id, kind, payload, created_at)
     SELECT user_id, 'keyword_alert', jsonb_build_object('keyword', keyword, 'storyIds', to_jsonb(story_ids), 'eventId', id), $1
       FROM taken`,
    [now],
  );
  // A story is announced once, when it is first seen viral, to everyone with trending alerts on. One moderators
  // removed is not announced (nor marked announced: shown again, it may be).
  const trending = await pool.query(
    `WITH fresh AS (
       INSERT INTO trending_alert_stories (story_id, alerted_at)
       SELECT id, $1 FROM stories WHERE heat_level = 'viral' AND ${listedStory()}
       ON CONFLICT (story_id) DO NOTHING
       RETURNING story_id
     )
     INSERT INTO email_pending_items (user_id, kind, payload, created_at)
     SELECT p.user_id, 'trending_alerts', jsonb_build_object('storyId', f.story_id, 'eventId', f.story_id), $1
       FROM fresh f CROSS JOIN user_preferences p
      WHERE (p.preferences->>'trendingAlerts')::boolean IS TRUE`,
    [now],
  );
  // A story is announced once, when the model first calls it likely to trend with high confidence (docs/predictions.md),
  // to everyone with prediction alerts on. Only current predictions: a story past the horizon is decided already.
  const predicted = await pool.query(
    `WITH fresh AS (
       INSERT INTO prediction_alert_stories (story_id, probability, alerted_at)
       SELECT id, prediction_probability, $1 FROM stories
        WHERE prediction_probability >= $2 AND prediction_confidence = 'high' AND predicted_at > $3
          AND ${listedStory()}
       ON CONFLICT (story_id) DO NOTHING
       RETURNING story_id, probability
     )
     INSERT INTO email_pending_items (user_id, kind, payload, created_at)
     SELECT p.user_id, 'prediction_alert', jsonb_build_object('storyId', f.story_id, 'probability', f.probability, 'eventId', f.story_id), $1
       FROM fresh f CROSS JOIN user_preferences p
      WHERE (p.preferences->>'predictionAlerts')::boolean IS TRUE`,
    [now, TREND_CALL_THRESHOLD, new Date(nowMs - PREDICTION_HORIZON_HOURS * 3_600_000)],
  );
  return (watch.rowCount ?? 0) + (keyword.rowCount ?? 0) + (trending.rowCount ?? 0) + (predicted.rowCount ?? 0);
}

interface PendingItem {
  id: number;
  payload: { storyId?: number; storyIds?: number[]; keyword?: string; from?: string; to?: string; probability?: number; eventId: number };
}

export interface PlanContext {
  pool: pg.Pool;
  composer: EmailComposer;
  from: string;
  baseUrl: string;
}

/** Plans the email of every person with pending items; returns how many emails were queued (skipped included). */
export async function planAlerts(context: PlanContext, nowMs: number): Promise<number> {
  const groups = await context.pool.query<{ user_id: string; kind: AlertKind }>('SELECT DISTINCT user_id, kind FROM email_pending_items');
  let queued = 0;
  for (const group of groups.rows) queued += await planOne(context, group.user_id, group.kind, nowMs);
  return queued;
}

async function planOne(context: PlanContext, userId: string, kind: AlertKind, nowMs: number): Promise<number> {
  return withTransaction(context.pool, async (client) => {
    const items = (
      await client.query<PendingItem>('SELECT id::int AS id, payload FROM email_pending_items WHERE user_id = $1 AND kind = $2 ORDER BY id FOR UPDATE SKIP LOCKED', [userId, kind])
    ).rows;
    const recipient = await readRecipient(client, userId);
    const rules = ALERT_KINDS[kind];
    const control = await readControl(client, userId, rules.control);
    const drop = async () => client.query('DELETE FROM email_pending_items WHERE id = ANY($1::bigint[])', [items.map((item) => item.id)]);
    if (items.length === 0) return 0;
    // The person turned this kind off since the event: nothing to send, and nothing to keep for later.
    if (!recipient || !recipient.preferences[rules.flag] || !control.isActive) {
      await drop();
      return 0;
    }
    const immediate = control.frequency === 'immediate' && !control.digestMode;
    // Digest mode with an immediate frequency still bundles: at most one email an hour.
    const frequency: EmailFrequency = control.frequency === 'immediate' ? 'hourly' : control.frequency;
    if (!immediate && !bundleDue(frequency, control.lastEmailSent?.getTime() ?? null, nowMs)) return 0;

    const batches: PendingItem[][] = immediate ? items.map((item) => [item]) : [items];
    const emailKind: EmailKind = kind === 'keyword_alert' && !immediate ? 'keyword_digest' : kind;
    const storyIds = [...new Set(items.flatMap((item) => item.payload.storyIds ?? (item.payload.storyId ? [item.payload.storyId] : [])))];
    // The recipient's muting rules hide stories here as everywhere: an email left with none is dropped below.
    const stories = await storiesByIds(client, storyIds, (await mutesOf(client, userId)).matcher);
    const sendAfterMs = quietHoursRelease(nowMs, { start: control.quietHoursStart, end: control.quietHoursEnd, timeZone: recipient.timeZone });
    let already = await sentToday(client, userId, [emailKind], nowMs);
    const emails: NewEmail[] = [];
    for (const batch of batches) {
      const key = `${emailKind}:${userId}:${batch[0]!.id}-${batch.at(-1)!.id}`;
      const email = await composeAlert(context, emailKind, key, recipient, batch, stories);
      if (!email) continue;
      const capped = already >= control.maxEmailsPerDay;
      emails.push({
        ...email,
        sendAfterMs,
        ...(capped ? { skippedReason: `Daily limit of ${control.maxEmailsPerDay} emails reached` } : {}),
      });
      if (!capped) already++;
    }
    await enqueueEmails(client, emails, context.from, nowMs);
    await drop();
    if (emails.some((email) => !email.skippedReason)) await touchLastEmailSent(client, userId, rules.control, nowMs);
    return emails.length;
  });
}

function itemsOf(
  context: PlanContext,
  ids: number[],
  stories: Map<number, EmailStory>,
  track: (url: string) => string,
  note?: (storyId: number) => string | undefined,
): StoryItem[] {
  return ids.flatMap((id) => {
    const story = stories.get(id);
    return story ? [storyItem(story, context.baseUrl, track, note?.(id))] : [];
  });
}

async function composeAlert(
  context: PlanContext,
  kind: EmailKind,
  key: string,
  to: Recipient,
  batch: PendingItem[],
  stories: Map<number, EmailStory>,
): Promise<NewEmail | null> {
  const { composer } = context;
  if (kind === 'keyword_alert' || kind === 'keyword_digest') {
    const byKeyword = new Map<string, number[]>();
    for (const item of batch) {
      const list = byKeyword.get(item.payload.keyword!) ?? [];
      for (const id of item.payload.storyIds ?? []) if (!list.includes(id)) list.push(id);
      byKeyword.set(item.payload.keyword!, list);
    }
    // Stories moderators removed since the firing are left out, and a keyword with none left with them.
    for (const [keyword, ids] of byKeyword) if (!ids.some((id) => stories.has(id))) byKeyword.delete(keyword);
    const keywords = [...byKeyword.keys()];
    if (keywords.length === 0) return null;
    if (kind === 'keyword_alert') {
      const keyword = keywords[0]!;
      return composer.compose({
        key,
        kind,
        to,
        subject: `Keyword alert: ${keyword}`,
        build: (footer, track, t) => t.h(t.KeywordAlertEmail, { keyword, stories: itemsOf(context, byKeyword.get(keyword)!, stories, track), footer }),
      });
    }
    return composer.compose({
      key,
      kind,
      to,
      subject: `Keyword digest: ${keywords.slice(0, 3).join(', ')}${keywords.length > 3 ? ` and ${keywords.length - 3} more` : ''}`,
      build: (footer, track, t) =>
        t.h(t.KeywordDigestEmail, {
          groups: keywords.map((keyword) => ({ keyword, stories: itemsOf(context, byKeyword.get(keyword)!, stories, track) })),
          footer,
        }),
    });
  }
  if (kind === 'watch_notification') return composeWatchNotification(context, key, to, batch, stories);
  // One line per story, each story once, from its latest event.
  const latest = new Map<number, PendingItem['payload']>();
  for (const item of batch) if (item.payload.storyId) latest.set(item.payload.storyId, item.payload);
  const ids = [...latest.keys()].filter((id) => stories.has(id));
  if (ids.length === 0) return null;
  const first = stories.get(ids[0]!)!;
  if (kind === 'prediction_alert') {
    const note = (id: number) => `${Math.round((latest.get(id)?.probability ?? 0) * 100)}% likely to trend`;
    return composer.compose({
      key,
      kind,
      to,
      subject: ids.length === 1 ? `Predicted to trend: ${first.title}` : `${ids.length} stories predicted to trend`,
      build: (footer, track, t) => t.h(t.PredictionAlertEmail, { stories: itemsOf(context, ids, stories, track, note), footer }),
    });
  }
  return composer.compose({
    key,
    kind,
    to,
    subject: ids.length === 1 ? `Going viral: ${first.title}` : `${ids.length} stories going viral`,
    build: (footer, track, t) => t.h(t.TrendingAlertsEmail, { stories: itemsOf(context, ids, stories, track), footer }),
  });
}

/**
 * One line per watched story, from its status before the batch's first change to the one after its last: what
 * changed since the person was last told, growing or cooling, both states named (common/rules/watch-change.ts).
 * A story back where it was has nothing to tell, and an email with nothing to tell is not sent.
 */
function composeWatchNotification(
  context: PlanContext,
  key: string,
  to: Recipient,
  batch: PendingItem[],
  stories: Map<number, EmailStory>,
): Promise<NewEmail> | null {
  const span = new Map<number, { from?: string; to?: string }>();
  for (const { payload } of batch) {
    if (!payload.storyId || !stories.has(payload.storyId)) continue;
    const earlier = span.get(payload.storyId);
    span.set(payload.storyId, { from: earlier ? earlier.from : payload.from, to: payload.to });
  }
  const changes = new Map<number, WatchChange>();
  for (const [id, { from, to: status }] of span) {
    const change = watchChange(from, status);
    if (change) changes.set(id, change);
  }
  const ids = [...changes.keys()];
  if (ids.length === 0) return null;
  const directions = new Set([...changes.values()].map((change) => change.direction));
  const direction = directions.size === 1 ? [...directions][0]! : null;
  const first = stories.get(ids[0]!)!;
  const firstChange = changes.get(first.id)!;
  const note = (id: number) => watchChangeNote(changes.get(id)!);
  return context.composer.compose({
    key,
    kind: 'watch_notification',
    to,
    subject:
      ids.length === 1
        ? `Watched story is ${firstChange.direction}: ${first.title} (${firstChange.summary})`
        : `${ids.length} watched stories ${direction ? `are ${direction}` : 'changed status'}`,
    build: (footer, track, t) =>
      t.h(t.WatchNotificationEmail, { stories: itemsOf(context, ids, stories, track, note), direction, footer }),
  });
}
