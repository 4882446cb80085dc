import type pg from 'pg';
import type { AdminAnnouncement, ContactMessageAdmin, SystemSetting } from '#common/contracts/admin.ts';
import { ANNOUNCEMENT_TYPES } from '#common/contracts/site.ts';
import { CONTACT_RETENTION_DAYS_DEFAULT, KNOWN_SETTINGS, normaliseSettingValue, paginationOf, settingValueProblem } from '#common/rules/admin.ts';
import { HttpError } from '../../http/errors.ts';
import { sanitizeAnnouncementHtml } from '../announcements/sanitize.ts';
import type { AdminAnnouncementRow, AnnouncementInput, AnnouncementsService } from '../announcements/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { Actor, AuditLog } from './audit.ts';

interface SettingRow {
  key: string;
  value: unknown;
  category: string;
  description: string;
  updated_at: Date | null;
}

const presentSetting = (row: SettingRow): SystemSetting => ({
  id: row.key,
  key: row.key,
  value: row.value,
  category: row.category,
  description: row.description,
  updatedAt: row.updated_at?.toISOString() ?? null,
});

/** Settings as the admin sees them: every stored key, and each setting the product reads at its default until set. */
export class AdminSettingsService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly audit: AuditLog,
    private readonly settings: SettingsService,
  ) {}

  async list(): Promise<SystemSetting[]> {
    const stored = await this.pool.query<SettingRow>('SELECT key, value, category, description, updated_at FROM settings ORDER BY category, key');
    const keys = new Set(stored.rows.map((row) => row.key));
    const defaults: SettingRow[] = Object.entries(KNOWN_SETTINGS)
      .filter(([key]) => !keys.has(key))
      .map(([key, known]) => ({ key, value: known.default, category: known.category, description: known.description, updated_at: null }));
    return [...stored.rows, ...defaults].sort((a, b) => a.category.localeCompare(b.category) || a.key.localeCompare(b.key)).map(presentSetting);
  }

  /** Creates or replaces a setting; a setting the product reads must hold a value of its type (400 otherwise). */
  async upsert(actor: Actor, input: { key: string; value: unknown; category?: string; description?: string }): Promise<SystemSetting> {
    const problem = settingValueProblem(input.key, input.value);
    if (problem) throw new HttpError(400, problem);
    const known = (KNOWN_SETTINGS as Record<string, { category: string; description: string } | undefined>)[input.key];
    const value = normaliseSettingValue(input.key, input.value);
    const saved = await this.audit.write(actor, async (client) => {
      const before = await client.query<SettingRow>('SELECT key, value, category, description, updated_at FROM settings WHERE key = $1 FOR UPDATE', [input.key]);
      const previous = before.rows[0];
      const category = input.category || previous?.category || known?.category || 'features';
      const description = input.description ?? previous?.description ?? known?.description ?? '';
      const saved = await client.query<SettingRow>(
        `INSERT INTO settings (key, value, category, description, updated_at) VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, category = excluded.category, description = excluded.description, updated_at = now()
         RETURNING key, value, category, description, updated_at`,
        [input.key, JSON.stringify(value), category, description],
      );
      return {
        result: presentSetting(saved.rows[0]!),
        log: {
          action: previous ? 'setting_updated' : 'setting_created',
          targetType: 'setting',
          targetId: input.key,
          details: { before: previous ? { value: previous.value, category: previous.category, description: previous.description } : null, after: { value, category, description } },
        },
      };
    });
    // Committed: this instance's readings (maintenance mode) follow at once.
    this.settings.changed();
    return saved;
  }
}

const presentAnnouncement = (row: AdminAnnouncementRow): AdminAnnouncement => ({
  id: row.id,
  title: row.title,
  message: sanitizeAnnouncementHtml(row.message),
  type: (ANNOUNCEMENT_TYPES as readonly string[]).includes(row.type) ? (row.type as AdminAnnouncement['type']) : 'info',
  isActive: row.is_active,
  isPersistent: row.is_persistent,
  startDate: row.start_date?.toISOString() ?? null,
  endDate: row.end_date?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

/** Announcements as admins manage them; the message is sanitised when written (AnnouncementsService) and when shown. */
export class AdminAnnouncementsService {
  constructor(
    private readonly announcements: AnnouncementsService,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<AdminAnnouncement[]> {
    return (await this.announcements.all()).map(presentAnnouncement);
  }

  async create(actor: Actor, input: AnnouncementInput): Promise<AdminAnnouncement> {
    return this.audit.write(actor, async (client) => {
      const id = await this.announcements.create(input, client);
      const saved = presentAnnouncement((await this.announcements.all(client, id))[0]!);
      return { result: saved, log: { action: 'announcement_created', targetType: 'announcement', targetId: id, details: { before: null, after: saved } } };
    });
  }

  async update(actor: Actor, id: number, input: AnnouncementInput): Promise<AdminAnnouncement> {
    return this.audit.write(actor, async (client) => {
      const before = (await this.announcements.all(client, id))[0];
      if (!before) throw new HttpError(404, 'Announcement not found');
      await this.announcements.update(id, input, client);
      const saved = presentAnnouncement((await this.announcements.all(client, id))[0]!);
      return { result: saved, log: { action: 'announcement_updated', targetType: 'announcement', targetId: id, details: { before: presentAnnouncement(before), after: saved } } };
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.audit.write(actor, async (client) => {
      const before = (await this.announcements.all(client, id))[0];
      if (!before) throw new HttpError(404, 'Announcement not found');
      await this.announcements.remove(id, client);
      return { result: undefined, log: { action: 'announcement_deleted', targetType: 'announcement', targetId: id, details: { before: presentAnnouncement(before), after: null } } };
    });
  }
}

interface ContactRow {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
  handled_at: Date | null;
}

const presentContact = (row: ContactRow): ContactMessageAdmin => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  createdAt: row.created_at.toISOString(),
  handledAt: row.handled_at?.toISOString() ?? null,
});

/** The days contact messages are kept: the setting when an admin has set it, else the default. */
export async function contactRetentionDays(settings: SettingsService): Promise<number> {
  const value = await settings.get<unknown>('contact_retention_days', CONTACT_RETENTION_DAYS_DEFAULT);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : CONTACT_RETENTION_DAYS_DEFAULT;
}

/** Deletes contact messages older than the retention period (run whenever one arrives and when admins read them). */
export async function pruneContactMessages(pool: pg.Pool, settings: SettingsService): Promise<number> {
  const days = await contactRetentionDays(settings);
  const result = await pool.query(`DELETE FROM contact_messages WHERE created_at < now() - make_interval(days => $1)`, [days]);
  return result.rowCount ?? 0;
}

/** Messages sent through /contact, for admins: newest first, marked handled when answered. */
export class AdminContactService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
  ) {}

  async list(page: number, limit: number, status: 'all' | 'open' | 'handled') {
    await pruneContactMessages(this.pool, this.settings);
    const where = status === 'all' ? '' : status === 'open' ? 'WHERE handled_at IS NULL' : 'WHERE handled_at IS NOT NULL';
    const [rows, count, retentionDays] = await Promise.all([
      this.pool.query<ContactRow>(
        `SELECT id, name, email, subject, message, created_at, handled_at FROM contact_messages ${where}
          ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      ),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_messages ${where}`),
      contactRetentionDays(this.settings),
    ]);
    return { messages: rows.rows.map(presentContact), pagination: paginationOf(page, limit, count.rows[0]!.n), retentionDays };
  }

  async setHandled(actor: Actor, id: number, handled: boolean): Promise<ContactMessageAdmin> {
    return this.audit.write(actor, async (client) => {
      const before = await client.query<ContactRow>('SELECT handled_at FROM contact_messages WHERE id = $1 FOR UPDATE', [id]);
      if (!before.rows[0]) throw new HttpError(404, 'Message not found');
      const updated = await client.query<ContactRow>(
        `UPDATE contact_messages SET handled_at = CASE WHEN $2 THEN coalesce(handled_at, now()) END, handled_by = CASE WHEN $2 THEN $3 END
          WHERE id = $1 RETURNING id, name, email, subject, message, created_at, handled_at`,
        [id, handled, actor.userId],
      );
      return {
        result: presentContact(updated.rows[0]!),
        log: {
          action: handled ? 'contact_message_handled' : 'contact_message_reopened',
          targetType: 'contact_message',
          targetId: id,
          details: { before: { handled: before.rows[0].handled_at !== null }, after: { handled } },
        },
      };
    });
  }
}
