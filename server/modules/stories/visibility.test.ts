import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listedStory, visibleStory } from './visibility.ts';

/**
 * Every reader of stories goes through the moderation rule (visibility.ts). This reads the server's source and finds
 * each statement that reads the stories table: SQL text naming it after FROM or JOIN, and Drizzle's from/join of
 * the table. A statement uses the rule when it, or what it is built from in the same file (the constants and
 * functions it names, followed through), calls one of the rule's functions; selecting the rule's answer as a column
 * counts, the code then acting on it (requireStory, the share links). A reader that does not is allowed only
 * on the list below, which says why; a new reader, or a new statement in a listed file, fails until it uses the rule
 * or is added here with its reason.
 */

const SERVER = path.resolve(import.meta.dirname, '../..');
const RULE = new Set(['visibleStory', 'listedStory', 'storyIsVisible']);
const SQL_READER = /\b(?:FROM|JOIN)\s+stories\b/i;
const DRIZZLE_READERS = new Set(['from', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'join']);

/** Files whose statements read stories without the rule, how many such statements, and why that is right. */
const ALLOWED: Record<string, { statements: number; why: string }> = {
  'hn/ingest.ts': { statements: 2, why: 'ingestion stores and updates every story from Hacker News, hidden ones included' },
  'hn/derive-stories.ts': { statements: 1, why: 'ingestion derives velocity, heat and rank for every story; nothing is shown' },
  'hn/watch-status.ts': {
    statements: 1,
    why: 'records status changes of watched stories; the watch notification is composed through storiesByIds, which applies the rule',
  },
  'modules/keywords/ingest.ts': {
    statements: 3,
    why: 'extracts keywords of every story; keyword counts carry no story, and the stories behind a keyword and keyword alerts go through the rule',
  },
  'modules/predictions/scoring.ts': {
    statements: 2,
    why: 'scores the front page and settles the training history (model input, nothing shown); the prediction lists and alerts go through the rule',
  },
  'modules/stories/history-digests.ts': {
    statements: 3,
    why: "keeps every story's history digest, hidden ones included (a moderator may show one again); the story page reads digests through the rule",
  },
  'modules/predictions/backfill.ts': { statements: 1, why: 'maintenance: fills in the front-page history of stored stories' },
  'modules/admin/moderation.ts': { statements: 1, why: 'the moderation queue: moderators see the stories they hid, to show them again' },
  'modules/admin/search.ts': { statements: 1, why: 'moderators and admins count every story, hidden ones included' },
  'modules/admin/dashboard.ts': { statements: 1, why: 'the admin dashboard counts every story' },
  'modules/analytics/shared-links.ts': { statements: 1, why: 'admin analytics of share links (admins only): what was shared, hidden stories included' },
  'modules/analytics/site-analytics.ts': { statements: 1, why: 'admin analytics (admins only): the most viewed stories, hidden ones included' },
  'modules/analytics/service.ts': { statements: 1, why: 'records an analytics event against a story id; reads nothing back' },
};

interface StoryReader {
  file: string;
  line: number;
  text: string;
  usesRule: boolean;
}

function sqlText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ${} ');
  return null;
}

function isDrizzleReader(node: ts.Node): boolean {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const first = node.arguments[0];
  return DRIZZLE_READERS.has(node.expression.name.text) && first !== undefined && ts.isIdentifier(first) && first.text === 'stories';
}

/** The statement a reader belongs to: the nearest enclosing statement, or the body of an arrow function. */
function statementOf(node: ts.Node): ts.Node {
  let current = node;
  while (current.parent) {
    const parent = current.parent;
    if (ts.isArrowFunction(parent) && parent.body === current) return current;
    if (ts.isVariableStatement(current) || ts.isExpressionStatement(current) || ts.isReturnStatement(current)) return current;
    current = parent;
  }
  return current;
}

/** The story readers of one source file, each with whether its statement uses the rule. */
function storyReaders(file: string, source: string): StoryReader[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const declarations = new Map<string, ts.Node[]>();
  const found: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isVariableDeclaration(node) || ts.isFunctionDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
      declarations.set(node.name.text, [...(declarations.get(node.name.text) ?? []), node]);
    }
    const text = sqlText(node);
    if ((text !== null && SQL_READER.test(text)) || isDrizzleReader(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);

  const usesRule = (node: ts.Node, seen: Set<ts.Node>): boolean => {
    // Types, and names of properties rather than of things declared in the file, build no SQL.
    if (seen.has(node) || ts.isTypeNode(node)) return false;
    seen.add(node);
    const parent = node.parent;
    const propertyName = parent && (ts.isPropertyAccessExpression(parent) || ts.isPropertyAssignment(parent)) && parent.name === node;
    if (ts.isIdentifier(node) && !propertyName) {
      if (RULE.has(node.text)) return true;
      return (declarations.get(node.text) ?? []).some((declaration) => usesRule(declaration, seen));
    }
    return ts.forEachChild(node, (child) => usesRule(child, seen) || undefined) ?? false;
  };
  return found.map((node) => {
    const statement = statementOf(node);
    return {
      file,
      line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      text: node.getText().replace(/\s+/g, ' ').slice(0, 120),
      usesRule: usesRule(statement, new Set()),
    };
  });
}

function serverFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the moderation rule', () => {
  it('is the partial indexes’ own condition, so the lists keep their indexes', () => {
    expect(listedStory()).toBe('NOT dead AND NOT deleted AND NOT hidden');
    expect(listedStory('s')).toBe('NOT s.dead AND NOT s.deleted AND NOT s.hidden');
    expect(visibleStory('s')).toBe('NOT s.hidden');
  });

  it('is found missing in a new reader of stories, in SQL and in Drizzle, and found where it is used', () => {
    const readers = storyReaders(
      'example.ts',
      `const plain = await pool.query('SELECT title FROM stories WHERE id = $1', [id]);
       const joined = await pool.query(\`SELECT l.id FROM shared_links l
                                          JOIN stories s ON s.id = l.story_id WHERE l.token = $1\`, [token]);
       const drizzle = await db.select({ title: stories.title }).from(bookmarks).innerJoin(stories, eq(stories.id, bookmarks.storyId));
       const ruled = await pool.query(\`SELECT title FROM stories s WHERE s.id = $1 AND \${visibleStory('s')}\`, [id]);
       const where = [listedStory(), 'score > 1'].join(' AND ');
       const built = await pool.query(\`SELECT title FROM stories WHERE \${where}\`);
       const mapped = rows.map((row) => pool.query(\`SELECT 1 FROM stories WHERE id = \${row.id}\`));`,
    );
    expect(readers.map((reader) => [reader.line, reader.usesRule])).toEqual([
      [1, false],
      [2, false],
      [4, false],
      [5, true],
      [7, true],
      [8, false],
    ]);
  });

  it('is used by every statement of the server that reads stories, but those allowed with their reason', () => {
    const readers = serverFiles(SERVER).flatMap((full) => storyReaders(path.relative(SERVER, full).split(path.sep).join('/'), readFileSync(full, 'utf8')));
    // The scan sees the readers it must: the share links', the emails' and the lists' statements, through the rule.
    for (const file of ['modules/shares/service.ts', 'modules/email/stories.ts', 'modules/email/digest.ts', 'modules/email/alerts.ts', 'modules/stories/queries.ts', 'modules/accounts/personal-data.ts']) {
      const own = readers.filter((reader) => reader.file === file);
      expect(own.length, file).toBeGreaterThan(0);
      expect(own.filter((reader) => !reader.usesRule), file).toEqual([]);
    }
    const without = readers.filter((reader) => !reader.usesRule);
    const byFile = Object.fromEntries([...new Set(without.map((reader) => reader.file))].map((file) => [file, without.filter((reader) => reader.file === file)]));
    for (const [file, list] of Object.entries(byFile)) {
      const allowed = ALLOWED[file];
      expect(allowed, `${file} reads stories without the rule (server/modules/stories/visibility.ts):\n${list.map((r) => `  line ${r.line}: ${r.text}`).join('\n')}`).toBeDefined();
      expect(list.length, `${file}: statements reading stories without the rule; use the rule, or say why not in ALLOWED:\n${list.map((r) => `  line ${r.line}: ${r.text}`).join('\n')}`).toBe(
        allowed!.statements,
      );
    }
    // A file that no longer needs its place on the list leaves it.
    for (const file of Object.keys(ALLOWED)) expect(byFile[file], `${file} is allowed but reads no stories without the rule`).toBeDefined();
  });
});
