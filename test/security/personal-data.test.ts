import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA, personalColumnName, TABLES_WITHOUT_PERSONAL_DATA } from '../../server/modules/accounts/personal-data.ts';
import { AccountsService } from '../../server/modules/accounts/service.ts';
import { EmailControlsService } from '../../server/modules/email/controls.ts';
import { SettingsService } from '../../server/modules/settings/service.ts';
import { setRole, signUp, type TestUser } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { seedStories } from '../support/seed.ts';

/**
 * "Your data" covers every column that refers to a person: the database is asked which columns those are (by
 * name and by foreign key to users), so a table added later without being declared in PERSONAL_DATA fails here.
 */
const PERSON_COLUMNS_SQL = `
  SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
   WHERE table_schema = current_schema()
     AND column_name ~* '(^|_|[a-z])(user|owner|author|member|person|reviewer|creator)(_?id)?$|_by$'
  UNION
  SELECT cl.relname, a.attname FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
   WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND n.nspname = current_schema()`;

const key = (entry: { table: string; column: string }) => `${entry.table}.${entry.column}`;
const declared = PERSONAL_DATA.map((entry) => key(personalColumnName(entry)));

async function personColumns(pool: pg.Pool): Promise<string[]> {
  return (await pool.query<{ table: string; column: string }>(PERSON_COLUMNS_SQL)).rows.map(key).sort();
}

/** Rows in each declared column that refer to the person. */
async function rowsReferring(pool: pg.Pool, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const entry of PERSONAL_DATA) {
    const { table, column } = personalColumnName(entry);
    const result = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" = $1`, [userId]);
    counts[`${table}.${column}`] = result.rows[0]!.n;
  }
  return counts;
}

let t: TestApp;
let person: TestUser;
let bystander: TestUser;
let sharedLinkId: number;
const pool = () => t.db.database.pool;
const SECRET = 'SECRET-never-exported';
/** A feed token's hash (feed_tokens keeps no token): never exported either. */
const FEED_TOKEN_HASH = 'feed-token-hash-never-exported';

/** A row in every personal table: the person's own rows, and a bystander's flag the person reviewed as moderator. */
async function giveThePersonARowEverywhere(): Promise<void> {
  const q = (text: string, values: unknown[] = []) => pool().query(text, values);
  await seedStories(pool(), [{ hnId: 9001, time: Math.floor(Date.now() / 1000) - 600, score: 10, descendants: 1, title: 'A story' }]);
  const storyId = (await q(`SELECT id FROM stories WHERE hn_id = 9001`)).rows[0].id as number;
  const id = person.id;
  await q(`INSERT INTO accounts (id, account_id, provider_id, user_id, access_token, refresh_token, id_token) VALUES ('gh-link', 'gh-42', 'github', $1, $2, $2, $2)`, [id, SECRET]);
  await q(`INSERT INTO verifications (id, identifier, value, expires_at) VALUES ('reset-1', $2, $1, now() + interval '1 hour')`, [id, `reset-password:${SECRET}`]);
  await q(`INSERT INTO user_preferences (user_id, preferences) VALUES ($1, '{"storiesPerPage": 100}')`, [id]);
  await q(`INSERT INTO email_frequency_controls (user_id, email_type, frequency) VALUES ($1, 'keyword_alert', 'daily')`, [id]);
  await q(`INSERT INTO bookmarks (user_id, story_id) VALUES ($1, $2)`, [id, storyId]);
  await q(`INSERT INTO story_mutes (user_id, kind, value) VALUES ($1, 'domain', 'example.com')`, [id]);
  await q(`INSERT INTO feed_tokens (user_id, token_hash) VALUES ($1, $2)`, [id, FEED_TOKEN_HASH]);
  const collection = await q(`INSERT INTO collections (user_id, name, share_token) VALUES ($1, 'Reading list', 'tok-collection') RETURNING id`, [id]);
  await q(`INSERT INTO collection_stories (collection_id, story_id) VALUES ($1, $2)`, [collection.rows[0].id, storyId]);
  const watch = await q(
    `INSERT INTO story_watches (user_id, story_id, initial_score, initial_descendants, initial_status, last_status) VALUES ($1, $2, 10, 1, 'other', 'trending') RETURNING id`,
    [id, storyId],
  );
  await q(`INSERT INTO watch_status_changes (watch_id, user_id, story_id, from_status, to_status, changed_at) VALUES ($1, $2, $3, 'other', 'trending', now())`, [
    watch.rows[0].id,
    id,
    storyId,
  ]);
  await q(`INSERT INTO story_notes (user_id, story_id, note) VALUES ($1, $2, 'My note')`, [id, storyId]);
  await q(`INSERT INTO content_flags (user_id, story_id, flag_type, reason) VALUES ($1, $2, 'spam', 'ads')`, [id, storyId]);
  await q(`INSERT INTO content_flags (user_id, story_id, flag_type, status, reviewed_by, reviewed_at) VALUES ($1, $2, 'spam', 'resolved', $3, now())`, [
    bystander.id,
    storyId,
    id,
  ]);
  const link = await q(
    `INSERT INTO shared_links (share_token, user_id, story_id, view_count, article_clicks, comments_clicks) VALUES ('tok-person', $1, $2, 3, 2, 1) RETURNING id`,
    [id, storyId],
  );
  sharedLinkId = link.rows[0].id;
  await q(`INSERT INTO shared_link_events (shared_link_id, event_type) VALUES ($1, 'view')`, [sharedLinkId]);
  const alert = await q(`INSERT INTO keyword_alerts (user_id, keyword, match_key, threshold) VALUES ($1, 'Rust', 'rust', 3) RETURNING id`, [id]);
  await q(`INSERT INTO keyword_alert_firings (alert_id, user_id, keyword, story_ids, fired_at) VALUES ($1, $2, 'Rust', ARRAY[$3::int], now())`, [
    alert.rows[0].id,
    id,
    storyId,
  ]);
  await q(`INSERT INTO analytics_events (event_type, properties, user_id) VALUES ('story_view', '{"hnId": 9001}', $1)`, [id]);
  const announcement = await q(`INSERT INTO announcements (title, message) VALUES ('Hello', 'Hi') RETURNING id`);
  await q(`INSERT INTO announcement_dismissals (user_id, announcement_id) VALUES ($1, $2)`, [id, announcement.rows[0].id]);
  await q(`INSERT INTO contact_messages (name, email, subject, message, user_id, ip_address) VALUES ('Dora Doomed', $2, 'Hi', 'Call me', $1, '10.9.9.9')`, [
    id,
    person.email,
  ]);
  // The mail job writes the welcome email (no SMTP here: it stays in the outbox).
  await t.app.services.get('email').queueWelcomes(Date.now());
  await q(`INSERT INTO email_pending_items (user_id, kind, payload) VALUES ($1, 'trending_alerts', '{"storyId": 1}')`, [id]);
  await q(`INSERT INTO digest_custom_content (week_of, top_content, updated_by) VALUES ('2026-11-22', '<p>Hi</p>', $1)`, [id]);
  // As a moderator or admin: a bystander's message the person handled, and the audit log entry of it.
  await q(`INSERT INTO contact_messages (name, email, subject, message, user_id, handled_by, handled_at) VALUES ('Bystander', 'b@example.com', 'Q', 'Hello?', $1, $2, now())`, [
    bystander.id,
    id,
  ]);
  await q(`INSERT INTO admin_logs (action, target_type, target_id, admin_user_id, ip_address) VALUES ('contact_message_handled', 'contact_message', '1', $1, '10.9.9.8')`, [id]);
}

beforeAll(async () => {
  t = await createTestApp();
  person = await signUp(t.app.server, { name: 'Dora Doomed' });
  bystander = await signUp(t.app.server, { name: 'Bystander' });
  await giveThePersonARowEverywhere();
}, 120_000);
afterAll(async () => t?.close());

describe('your data means all of it', () => {
  it('every column of the database that refers to a person is declared in PERSONAL_DATA with its export and deletion', async () => {
    const inDatabase = await personColumns(pool());
    expect(inDatabase.filter((column) => !declared.includes(column)), 'columns neither exported nor deleted').toEqual([]);
    const existing = (await pool().query<{ c: string }>(`SELECT table_name || '.' || column_name AS c FROM information_schema.columns WHERE table_schema = current_schema()`)).rows.map((row) => row.c);
    expect(declared.filter((column) => !existing.includes(column)), 'declared columns missing from the database').toEqual([]);
  });

  it('the check finds a new table that refers to people, by column name or by foreign key', async () => {
    await pool().query(`CREATE TABLE scratch_owned (id serial PRIMARY KEY, owner_id text)`);
    await pool().query(`CREATE TABLE scratch_linked (id serial PRIMARY KEY, subscriber text REFERENCES users (id))`);
    try {
      expect(await personColumns(pool())).toEqual(expect.arrayContaining(['scratch_owned.owner_id', 'scratch_linked.subscriber']));
    } finally {
      await pool().query(`DROP TABLE scratch_owned, scratch_linked`);
    }
  });

  it('every table is either personal (declared in PERSONAL_DATA, so exported and deleted) or declared to hold no personal data, with why', async () => {
    const tablesIn = async () =>
      (await pool().query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)).rows
        .map((row) => row.name)
        .sort();
    const personal = new Set(PERSONAL_DATA.map((entry) => personalColumnName(entry).table));
    const unclassified = (tables: string[]) => tables.filter((table) => !personal.has(table) && !(table in TABLES_WITHOUT_PERSONAL_DATA));
    const tables = await tablesIn();
    expect(unclassified(tables), 'tables neither personal nor declared without personal data').toEqual([]);
    expect(Object.keys(TABLES_WITHOUT_PERSONAL_DATA).filter((table) => personal.has(table)), 'tables declared both ways').toEqual([]);
    expect(Object.keys(TABLES_WITHOUT_PERSONAL_DATA).filter((table) => !tables.includes(table)), 'declared tables missing from the database').toEqual([]);
    for (const [table, why] of Object.entries(TABLES_WITHOUT_PERSONAL_DATA)) expect(why.length, table).toBeGreaterThan(10);
    // A new table, whatever its columns are called, is caught until someone decides.
    await pool().query(`CREATE TABLE scratch_notes (id serial PRIMARY KEY, body text)`);
    try {
      expect(unclassified(await tablesIn())).toEqual(['scratch_notes']);
    } finally {
      await pool().query(`DROP TABLE scratch_notes`);
    }
  });

  it('the rate limits store neither an address nor an email, and a row goes once its window has passed', async () => {
    const address = '198.51.100.23';
    const signInFails = () =>
      t.app.server.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: address, payload: { email: person.email, password: 'not the password at all' } });
    await pool().query(`INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES ('a window long gone', now() - interval '2 hours', 3, now() - interval '1 hour')`);
    expect((await signInFails()).statusCode).toBe(401);
    const contact = await t.app.server.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: address,
      payload: { name: 'Someone', email: 'someone@example.com', subject: 'Hi', message: 'Hello' },
    });
    expect(contact.statusCode).toBe(200);
    const keys = (await pool().query<{ key: string }>('SELECT key FROM rate_limits')).rows.map((row) => row.key);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(keys).not.toContain('a window long gone');
    for (const key of keys) {
      expect(key).not.toContain(address);
      expect(key.toLowerCase()).not.toContain(person.email.toLowerCase());
    }
    await pool().query(`DELETE FROM contact_messages WHERE name = 'Someone'`);
  });

  it('a reporter’s reason never reaches the append-only audit log: deleting a flag records it by reference', async () => {
    await setRole(pool(), bystander.id, 'admin');
    const reason = 'My own words about why this story is wrong';
    await seedStories(pool(), [{ hnId: 9002, time: Math.floor(Date.now() / 1000) - 600, score: 5, title: 'Another story' }]);
    const storyId = (await pool().query<{ id: number }>(`SELECT id FROM stories WHERE hn_id = 9002`)).rows[0]!.id;
    const flagged = await t.app.server.inject({
      method: 'POST',
      url: '/api/content-flags',
      headers: { cookie: person.cookie },
      payload: { storyId, flagType: 'misleading', reason },
    });
    expect(flagged.statusCode).toBe(201);
    const flagId: number = flagged.json().flag.id;
    const removed = await t.app.server.inject({ method: 'DELETE', url: `/api/admin/content-flags/${flagId}`, headers: { cookie: bystander.cookie } });
    expect(removed.statusCode, removed.body).toBe(200);
    const entry = await pool().query<{ details: unknown }>(`SELECT details FROM admin_logs WHERE action = 'content_flag_deleted' AND target_id = $1`, [String(flagId)]);
    expect(entry.rows).toHaveLength(1);
    expect(entry.rows[0]!.details).toMatchObject({ storyId, before: { flagType: 'misleading', status: 'pending' } });
    expect((await pool().query(`SELECT 1 FROM admin_logs WHERE details::text LIKE '%own words%'`)).rowCount).toBe(0);
  });

  it('the export holds a row of every declared table and no secret', async () => {
    const before = await rowsReferring(pool(), person.id);
    expect(Object.entries(before).filter(([, n]) => n === 0), 'the fixture must give the person a row in every table').toEqual([]);

    const response = await t.app.server.inject({ url: '/api/user/export', headers: { cookie: person.cookie } });
    expect(response.statusCode).toBe(200);
    const data = response.json();
    for (const entry of PERSONAL_DATA) {
      if (entry.exportedAs === null) continue;
      const value = data[entry.exportedAs];
      expect(value, entry.exportedAs).toBeTruthy();
      if (Array.isArray(value)) expect(value.length, entry.exportedAs).toBeGreaterThan(0);
    }
    expect(data.preferences.storiesPerPage).toBe(100);
    expect(data.watchHistory).toEqual([expect.objectContaining({ hnId: 9001, fromStatus: 'other', toStatus: 'trending' })]);
    expect(data.sharedLinks).toEqual([expect.objectContaining({ shareToken: 'tok-person', viewCount: 3, articleClicks: 2, commentsClicks: 1 })]);
    expect(data.analyticsEvents).toEqual([expect.objectContaining({ eventType: 'story_view', properties: { hnId: 9001 } })]);
    expect(data.announcementDismissals).toEqual([expect.objectContaining({ title: 'Hello' })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ name: 'Dora Doomed', subject: 'Hi', message: 'Call me' })]);
    expect(data.flagsReviewed).toEqual([expect.objectContaining({ hnId: 9001, status: 'resolved' })]);
    expect(data.signInMethods.map((method: { provider: string }) => method.provider).sort()).toEqual(['credential', 'github']);

    const hash = (await pool().query(`SELECT password FROM accounts WHERE user_id = $1 AND provider_id = 'credential'`, [person.id])).rows[0].password;
    const tokens = (await pool().query<{ token: string }>(`SELECT token FROM sessions WHERE user_id = $1`, [person.id])).rows.map((row) => row.token);
    expect(data.feedToken).toEqual({ createdAt: expect.any(String) });
    for (const secret of [SECRET, hash, FEED_TOKEN_HASH, ...tokens]) expect(response.body).not.toContain(secret);
    expect(response.body).not.toMatch(/"(password|token|accessToken|refreshToken|idToken)"/);
  });

  it('deleting the account leaves no row that refers to the person, and no contact message with their name or address', async () => {
    // The person is the site's first account, so its admin: another admin lets them go (the site keeps one).
    await setRole(pool(), bystander.id, 'admin');
    await new AccountsService(t.db.database.db, new EmailControlsService(t.db.database.db, pool(), Date.now), new SettingsService(pool())).deleteAccount(person.id);

    const after = await rowsReferring(pool(), person.id);
    const kept = PERSONAL_DATA.filter((entry) => entry.onDelete === 'keep').map((entry) => key(personalColumnName(entry)));
    expect(kept, 'only the append-only audit log outlives the account').toEqual(['admin_logs.admin_user_id']);
    expect(Object.entries(after).filter(([column, n]) => n > 0 && !kept.includes(column))).toEqual([]);
    // The audit entry stays, and says nothing of the person but their account id and address.
    expect(after['admin_logs.admin_user_id']).toBe(1);
    for (const column of (await personColumns(pool())).filter((column) => !kept.includes(column))) {
      const [table, name] = column.split('.');
      const left = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE "${name}"::text = $1`, [person.id]);
      expect(left.rows[0]!.n, column).toBe(0);
    }
    const contact = await pool().query(`SELECT 1 FROM contact_messages WHERE name = 'Dora Doomed' OR lower(email) = lower($1)`, [person.email]);
    expect(contact.rowCount).toBe(0);
    expect((await pool().query(`SELECT 1 FROM shared_link_events WHERE shared_link_id = $1`, [sharedLinkId])).rowCount).toBe(0);
    // The bystander's flag is theirs: it stays, without its reviewer.
    const flag = await pool().query(`SELECT reviewed_by FROM content_flags WHERE user_id = $1`, [bystander.id]);
    expect(flag.rows).toEqual([{ reviewed_by: null }]);
    expect((await t.app.server.inject({ url: '/api/auth/user', headers: { cookie: person.cookie } })).statusCode).toBe(401);
  });
});
