/**
 * Many rows as one JSON value, column by column: `json_build_array(json_agg(a), json_agg(b), …)`.
 *
 * A JSON value per row (`json_agg(json_build_array(a, b, …))`) is what it replaces: PostgreSQL's
 * json_build_array and json_build_object work out the type of each argument again for every row, which cost the
 * embedded database 2.2 ms for 500 rows of seven values; json_agg of one column works it out once, 0.3 ms for the
 * same rows (docs/performance.md, "Keywords"). One JSON value is still cheaper for the client than rows of the wire
 * protocol, so the answer stays one column the client parses natively.
 *
 * Every aggregate of one query sees the rows in the same order, so the columns line up; `rowsOfColumns` zips them.
 */
export function jsonColumnsSql(alias: string, columns: readonly string[]): string {
  return `json_build_array(${columns.map((column) => `json_agg(${alias}.${column})`).join(', ')})`;
}

/** The rows of a `jsonColumnsSql` value: none when the query had none (json_agg of no rows is null). */
export function rowsOfColumns<Row extends unknown[]>(columns: unknown[][] | null | undefined): Row[] {
  const first = columns?.[0];
  if (!columns || !first) return [];
  return first.map((_, row) => columns.map((column) => column[row]) as Row);
}
