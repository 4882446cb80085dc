import type pg from 'pg';
import { storyLinkUrl, storyPagePath } from '#common/rules/links.ts';
import { DEFAULT_EMAIL_CONTROL } from '#common/contracts/accounts.ts';
import { newsletterDue, newsletterSendAt, newsletterStillMorning, normaliseMaxEmailsPerDay } from '#common/rules/email.ts';
import { FALLBACK_TIME_ZONE } from '#common/rules/time-zones.ts';
import type { DigestContentStyle, EmailFrequency } from '#common/rules/limits.ts';
import { escapeHtml, plainText, RECIPIENT_NAME_SQL, type EmailComposer } from '../../email/compose.ts';
import { enqueueEmails, type NewEmail } from '../../email/outbox.ts';
import { EMAIL_STORY_COLUMNS, emailStoryOf, type EmailStory, type EmailStoryRow } from './stories.ts';
import type { MuteMatcher } from '#common/rules/mutes.ts';
import { mutesOfPeople } from '../mutes/service.ts';
import type { DigestData } from '../../email/templates/kinds.tsx';
import { templates } from '../../email/templates/load.ts';
import { messageToken } from '../../email/tokens.ts';
import { withTransaction } from '../../db/transaction.ts';
import { listedStory } from '../stories/visibility.ts';

/**
 * The Sunday newsletter (spec part 1 §9, part 2 §2.9): the week's top stories, rising keywords, prediction accuracy and
 * the admin's own top and bottom content. The shared part is rendered once per week with placeholders; each person's
 * name, share links, tracked links and unsubscribe link are put in by string replacement, so a large list costs a
 * render, not a render per person. People are read in batches by id: memory does not grow with the list.
 */

export const DIGEST_STORIES = 10;
export const DIGEST_KEYWORDS = 5;
const BATCH = 500;
const DAY_MS = 86_400_000;

export interface CustomContent {
  weekOf: string;
  topContent: string;
  topContentStyle: DigestContentStyle;
  bottomContent: string;
  bottomContentStyle: DigestContentStyle;
}

export async function readCustomContent(db: pg.Pool | pg.PoolClient, weekOf: string): Promise<CustomContent | null> {
  const result = await db.query<{ top_content: string; top_content_style: DigestContentStyle; bottom_content: string; bottom_content_style: DigestContentStyle }>(
    'SELECT top_content, top_content_style, bottom_content, bottom_content_style FROM digest_custom_content WHERE week_of = $1',
    [weekOf],
  );
  const row = result.rows[0];
  return row
    ? { weekOf, topContent: row.top_content, topContentStyle: row.top_content_style, bottomContent: row.bottom_content, bottomContentStyle: row.bottom_content_style }
    : null;
}

/** The week a digest covers: the seven days before its Sunday. */
function weekRange(weekOf: string): { start: Date; end: Date } {
  const end = new Date(`${weekOf}T00:00:00Z`);
  return { start: new Date(end.getTime() - 7 * DAY_MS), end };
}

export interface DigestContent {
  data: DigestData;
  stories: EmailStory[];
}

export async function digestContent(pool: pg.Pool, weekOf: string): Promise<DigestContent> {
  const { start, end } = weekRange(weekOf);
  const stories = await pool.query<EmailStoryRow>(
    `SELECT ${EMAIL_STORY_COLUMNS} FROM stories
      WHERE time >= $1 AND time < $2 AND ${listedStory()} ORDER BY score DESC, id DESC LIMIT $3`,
    [Math.floor(start.getTime() / 1000), Math.floor(end.getTime() / 1000), DIGEST_STORIES],
  );
  const keywords = await pool.query<{ keyword: string; stories: number; previous: number }>(
    `SELECT k.display AS keyword,
            sum(h.stories) FILTER (WHERE h.hour >= $2)::int AS stories,
            coalesce(sum(h.stories) FILTER (WHERE h.hour < $2), 0)::int AS previous
       FROM keyword_hourly h JOIN keywords k ON k.id = h.keyword_id
      WHERE h.hour >= $1 AND h.hour < $3
      GROUP BY k.display
     HAVING sum(h.stories) FILTER (WHERE h.hour >= $2) > coalesce(sum(h.stories) FILTER (WHERE h.hour < $2), 0)
      ORDER BY sum(h.stories) FILTER (WHERE h.hour >= $2) - coalesce(sum(h.stories) FILTER (WHERE h.hour < $2), 0) DESC, k.display
      LIMIT $4`,
    [new Date(start.getTime() - 7 * DAY_MS), start, end, DIGEST_KEYWORDS],
  );
  // The predictions made in the week and verified since, from the ledger's hourly sums (docs/predictions.md).
  const predictions = await pool.query<{ verified: number; accurate: number }>(
    `SELECT coalesce(sum(verified), 0)::int AS verified, coalesce(sum(accurate), 0)::int AS accurate
       FROM prediction_hourly WHERE hour >= $1 AND hour < $2`,
    [start, end],
  );
  const { verified, accurate } = predictions.rows[0]!;
  const custom = await readCustomContent(pool, weekOf);
  const emailStories = stories.rows.map(emailStoryOf);
  return {
    stories: emailStories,
    data: {
      weekLabel: `week of ${new Date(start).toISOString().slice(0, 10)}`,
      stories: [],
      risingKeywords: keywords.rows,
      // Until some are verified the section says so instead of a figure.
      accuracy: verified > 0 ? { percent: Math.round((100 * accurate) / verified), verified } : null,
      top: { html: custom?.topContent ?? '', style: custom?.topContentStyle ?? 'default' },
      bottom: { html: custom?.bottomContent ?? '', style: custom?.bottomContentStyle ?? 'default' },
    },
  };
}

const placeholder = (name: string) => `https://placeholder.invalid/${name}`;

export interface DigestTemplate {
  html: string;
  text: string;
  subject: string;
  stories: EmailStory[];
}

/** Renders the week's digest once, with placeholders where each person's links and name go. */
export async function renderDigestTemplate(pool: pg.Pool, composer: EmailComposer, weekOf: string): Promise<DigestTemplate> {
  return renderDigest(composer, await digestContent(pool, weekOf));
}

/** The digest of some content: the week's, or the week's without the stories a person muted. */
async function renderDigest(composer: EmailComposer, content: DigestContent): Promise<DigestTemplate> {
  const data: DigestData = {
    ...content.data,
    stories: content.stories.map((story, index) => ({
      title: story.title,
      url: placeholder(`story-${index}`),
      domain: story.domain,
      score: story.score,
      comments: story.comments,
      commentsUrl: placeholder(`comments-${index}`),
      historyUrl: placeholder(`history-${index}`),
    })),
  };
  const footer = {
    reason: 'You receive this because you subscribed to the HN Trends weekly newsletter.',
    unsubscribeLabel: 'Unsubscribe from the weekly newsletter',
    unsubscribeUrl: placeholder('unsubscribe'),
    preferencesUrl: `${composer.baseUrl}/preferences`,
    openPixelUrl: placeholder('open'),
  };
  const loaded = await templates();
  const html = await loaded.render(loaded.h(loaded.WeeklyDigestEmail, { digest: data, greeting: 'GREETING-PLACEHOLDER', footer }));
  return { html, text: plainText(loaded, html), subject: `Your weekly HN Trends digest: ${data.weekLabel}`, stories: content.stories };
}

/** One person's digest from the week's template. */
export function personalDigest(
  template: DigestTemplate,
  composer: EmailComposer,
  input: { key: string; userId: string; email: string; name: string },
): NewEmail {
  const token = messageToken(input.key);
  const values = new Map<string, string>();
  template.stories.forEach((story, index) => {
    values.set(placeholder(`story-${index}`), composer.tracked(token, storyLinkUrl(story)));
    values.set(placeholder(`comments-${index}`), composer.tracked(token, `https://news.ycombinator.com/item?id=${story.hnId}`));
    values.set(placeholder(`history-${index}`), composer.tracked(token, `${composer.baseUrl}${storyPagePath(story.id)}`));
  });
  values.set(placeholder('unsubscribe'), composer.unsubscribePage(input.userId, 'weekly_digest'));
  values.set(placeholder('open'), composer.openPixel(token));
  const greeting = input.name ? `Hello ${input.name}, here is what caught on this week.` : 'Hello, here is what caught on this week.';
  const fill = (body: string, escape: (text: string) => string) =>
    body.replace(/https:\/\/placeholder\.invalid\/[a-z]+(?:-\d+)?|GREETING-PLACEHOLDER/g, (match) =>
      match === 'GREETING-PLACEHOLDER' ? escape(greeting) : escape(values.get(match) ?? match),
    );
  return {
    key: input.key,
    kind: 'weekly_digest',
    userId: input.userId,
    recipient: input.email,
    subject: template.subject,
    html: fill(template.html, escapeHtml),
    text: fill(template.text, (text) => text),
    headers: composer.headers('weekly_digest', input.userId),
  };
}

export interface DigestRunResult {
  weekOf: string;
  queued: number;
  skipped: number;
  alreadySent: boolean;
}

interface SubscriberRow {
  id: string;
  email: string;
  name: string;
  time_zone: string | null;
  frequency: EmailFrequency | null;
  max_emails_per_day: number | null;
  quiet_hours_start: number | null;
  quiet_hours_end: number | null;
  has_control: boolean;
  last_email_sent: Date | null;
  sent_today: number;
}

/**
 * Accounts this much older than the edition are looked at again as newcomers: one may have been written while the
 * edition was being queued.
 */
const NEWCOMER_MARGIN_MS = 10 * 60_000;

/**
 * Queues the newsletter of the Sunday `weekOf` for every subscriber: weeklyDigest on (the default), the
 * weekly_digest control active, and due by its frequency. Each copy waits for its reader's Sunday morning in their
 * time zone (`newsletterSendAt`): the schedule queues the edition before that comes anywhere; an admin's run during
 * the week goes at once. The schedule runs it once a week; an admin may run it again with `force`, which gives the
 * run its own keys. A run cut short is finished by the next one: people already queued are left out. Once the
 * edition is queued, the schedule's later runs (`newcomers`) add the people who joined since, once onboarding has
 * told their time zone, while it is still that Sunday morning where they live.
 */
export async function queueWeeklyDigest(
  context: { pool: pg.Pool; composer: EmailComposer; from: string },
  weekOf: string,
  options: { force: boolean; nowMs: number; newcomers?: boolean },
): Promise<DigestRunResult> {
  const { pool, composer, from } = context;
  const run = await pool.query<{ forced_runs: number; completed_at: Date | null; started_at: Date }>(
    `INSERT INTO digest_runs (week_of, started_at) VALUES ($1, $2)
     ON CONFLICT (week_of) DO UPDATE SET forced_runs = digest_runs.forced_runs + (CASE WHEN $3 THEN 1 ELSE 0 END),
       completed_at = CASE WHEN $3 THEN NULL ELSE digest_runs.completed_at END
     RETURNING forced_runs, completed_at, started_at`,
    [weekOf, new Date(options.nowMs), options.force],
  );
  const { forced_runs: forcedRuns, completed_at: completedAt, started_at: startedAt } = run.rows[0]!;
  if (completedAt && !options.newcomers) return { weekOf, queued: 0, skipped: 0, alreadySent: true };
  const joinedSince = completedAt ? new Date(startedAt.getTime() - NEWCOMER_MARGIN_MS) : null;
  const keyPrefix = `weekly_digest:${weekOf}${forcedRuns > 0 ? `:r${forcedRuns}` : ''}:`;
  // Rendered once, when someone is first due: a run that only looks for newcomers and finds none renders nothing.
  let edition: Promise<{ content: DigestContent; template: DigestTemplate }> | null = null;
  const editionOnce = () =>
    (edition ??= digestContent(pool, weekOf).then(async (content) => ({ content, template: await renderDigest(composer, content) })));
  // People whose muting rules hide some of the week's stories get the digest without them: one rendering per set of
  // hidden stories, shared by everyone who hides the same ones.
  const withoutHidden = new Map<string, DigestTemplate>();
  const templateFor = async (mutes: MuteMatcher): Promise<DigestTemplate> => {
    const { content, template } = await editionOnce();
    const hidden = content.stories.filter((story) => mutes.mutes(story));
    if (hidden.length === 0) return template;
    const key = hidden.map((story) => story.id).join(',');
    let personal = withoutHidden.get(key);
    if (!personal) {
      personal = await renderDigest(composer, { ...content, stories: content.stories.filter((story) => !mutes.mutes(story)) });
      withoutHidden.set(key, personal);
    }
    return personal;
  };
  let queued = 0;
  let skipped = 0;
  let after = '';
  for (;;) {
    const batch = await pool.query<SubscriberRow>(
      `SELECT u.id, u.email,
              ${RECIPIENT_NAME_SQL} AS name, u.time_zone,
              c.frequency, c.max_emails_per_day, c.quiet_hours_start, c.quiet_hours_end, c.user_id IS NOT NULL AS has_control,
              c.last_email_sent,
              (SELECT count(*)::int FROM email_outbox o
                WHERE o.user_id = u.id AND o.kind = 'weekly_digest' AND o.status IN ('pending', 'sending', 'sent') AND o.created_at > $4) AS sent_today
         FROM users u
         LEFT JOIN user_preferences p ON p.user_id = u.id
         LEFT JOIN email_frequency_controls c ON c.user_id = u.id AND c.email_type = 'weekly_digest'
        WHERE u.id > $1
          AND ($5::timestamptz IS NULL OR (u.created_at >= $5 AND u.onboarding_completed))
          AND coalesce((p.preferences->>'weeklyDigest')::boolean, true)
          AND coalesce(c.is_active, true)
          AND NOT EXISTS (SELECT 1 FROM email_outbox o WHERE o.idempotency_key = $2 || u.id)
        ORDER BY u.id LIMIT $3`,
      [after, keyPrefix, BATCH, new Date(options.nowMs - DAY_MS), joinedSince],
    );
    if (batch.rows.length === 0) break;
    after = batch.rows.at(-1)!.id;
    const due = batch.rows.filter(
      (row) =>
        newsletterDue(row.frequency ?? 'weekly', weekOf, row.last_email_sent?.getTime() ?? null, options.nowMs) &&
        (!joinedSince || newsletterStillMorning(weekOf, row.time_zone ?? FALLBACK_TIME_ZONE, options.nowMs)),
    );
    if (due.length === 0) continue;
    const mutes = await mutesOfPeople(pool, due.map((row) => row.id));
    const templates = new Map<string, DigestTemplate>();
    for (const row of due) templates.set(row.id, await templateFor(mutes.get(row.id)!.matcher));
    const { sent, total } = await withTransaction(pool, async (client) => {
      const emails = due.map((row): NewEmail => {
        const max = normaliseMaxEmailsPerDay(row.has_control ? row.max_emails_per_day : DEFAULT_EMAIL_CONTROL.maxEmailsPerDay);
        const timeZone = row.time_zone ?? FALLBACK_TIME_ZONE;
        const quiet = row.has_control
          ? { start: row.quiet_hours_start, end: row.quiet_hours_end, timeZone }
          : { start: DEFAULT_EMAIL_CONTROL.quietHoursStart, end: DEFAULT_EMAIL_CONTROL.quietHoursEnd, timeZone };
        const email = personalDigest(templates.get(row.id)!, composer, { key: keyPrefix + row.id, userId: row.id, email: row.email, name: row.name });
        return {
          ...email,
          sendAfterMs: newsletterSendAt(weekOf, quiet, options.nowMs),
          ...(row.sent_today >= max ? { skippedReason: `Daily limit of ${max} emails reached` } : {}),
        };
      });
      await enqueueEmails(client, emails, from, options.nowMs);
      const sentIds = emails.filter((email) => !email.skippedReason).map((email) => email.userId!);
      await client.query(
        `INSERT INTO email_frequency_controls (user_id, email_type, last_email_sent)
         SELECT id, 'weekly_digest', $2 FROM unnest($1::text[]) AS id
         ON CONFLICT (user_id, email_type) DO UPDATE SET last_email_sent = excluded.last_email_sent`,
        [sentIds, new Date(options.nowMs)],
      );
      return { sent: sentIds.length, total: emails.length };
    });
    queued += sent;
    skipped += total - sent;
  }
  if (!joinedSince || queued + skipped > 0) {
    await pool.query('UPDATE digest_runs SET completed_at = coalesce(completed_at, $2), queued = queued + $3 WHERE week_of = $1', [
      weekOf,
      new Date(options.nowMs),
      queued,
    ]);
  }
  return { weekOf, queued, skipped, alreadySent: false };
}
