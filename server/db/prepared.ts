/**
 * A fixed LIMIT, written into a prepared statement's text. Given as a value, PostgreSQL plans the LIMIT as keeping a
 * tenth of the rows, finds that generic plan dearer than the ones made for each value, and plans every execution
 * again: the statement would be prepared for nothing (docs/performance.md, "Prepared statements").
 */
export function limitText(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Not a row limit: ${limit}`);
  return String(limit);
}
