import type pg from 'pg';
import type { KeywordAliasEntry } from '#common/contracts/admin.ts';
import { aliasKey } from '#common/rules/keywords.ts';
import { HttpError } from '../../http/errors.ts';
import type { Actor, AuditLog } from './audit.ts';

interface AliasRow {
  alias: string;
  keyword: string;
  created_at: Date;
}

const present = (row: AliasRow): KeywordAliasEntry => ({ alias: row.alias, keyword: row.keyword, createdAt: row.created_at.toISOString() });

/**
 * The keyword alias table admins edit (docs/keywords.md): "LLMs" counts as "LLM". Extraction and alert matching
 * read it as they run, so a change applies to the stories counted and the alerts matched from then on; hours
 * already counted keep the keywords they were counted under.
 */
export class KeywordAliasesService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<KeywordAliasEntry[]> {
    const result = await this.pool.query<AliasRow>('SELECT alias, keyword, created_at FROM keyword_aliases ORDER BY alias');
    return result.rows.map(present);
  }

  /** Adds an alias, or points an existing one at another keyword. */
  async upsert(actor: Actor, input: { alias: string; keyword: string }): Promise<KeywordAliasEntry> {
    const alias = aliasKey(input.alias);
    const keyword = input.keyword.trim();
    return this.audit.write(actor, async (client) => {
      const before = await client.query<AliasRow>('SELECT alias, keyword, created_at FROM keyword_aliases WHERE alias = $1', [alias]);
      // An alias that is itself the target of another would chain ("js" → "JavaScript", "javascript" → ...).
      const target = await client.query('SELECT 1 FROM keyword_aliases WHERE alias = $1', [aliasKey(keyword)]);
      if (target.rowCount) throw new HttpError(409, `"${keyword}" is itself an alias; point "${input.alias.trim()}" at what it stands for`);
      const pointedAt = await client.query<{ alias: string }>('SELECT alias FROM keyword_aliases WHERE lower(keyword) = $1 LIMIT 1', [alias]);
      if (pointedAt.rowCount) throw new HttpError(409, `"${pointedAt.rows[0]!.alias}" already stands for "${input.alias.trim()}": an alias cannot be a keyword other aliases lead to`);
      const result = await client.query<AliasRow>(
        `INSERT INTO keyword_aliases (alias, keyword) VALUES ($1, $2)
         ON CONFLICT (alias) DO UPDATE SET keyword = excluded.keyword
         RETURNING alias, keyword, created_at`,
        [alias, keyword],
      );
      return {
        result: present(result.rows[0]!),
        log: { action: 'keyword_alias_saved', targetType: 'keyword_alias', targetId: alias, details: { before: before.rows[0]?.keyword ?? null, after: keyword } },
      };
    });
  }

  async remove(actor: Actor, alias: string): Promise<void> {
    const key = aliasKey(alias);
    await this.audit.write(actor, async (client) => {
      const result = await client.query<{ keyword: string }>('DELETE FROM keyword_aliases WHERE alias = $1 RETURNING keyword', [key]);
      if (!result.rowCount) throw new HttpError(404, 'Keyword alias not found');
      return { result: undefined, log: { action: 'keyword_alias_deleted', targetType: 'keyword_alias', targetId: key, details: { keyword: result.rows[0]!.keyword } } };
    });
  }
}
