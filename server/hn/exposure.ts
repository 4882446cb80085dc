import { expectedUpvotesPerHour, FRONT_PAGE_UPVOTES_PER_HOUR } from './derive.ts';

/**
 * The same curve as `expectedUpvotesPerHour`, as a SQL expression over two rank columns, so the exposure
 * of every listed story is accrued in one UPDATE. The constants come from the TypeScript function.
 */
export function expectedUpvotesSql(topRankColumn: string, newRankColumn: string): string {
  const frontPage = `(ARRAY[${FRONT_PAGE_UPVOTES_PER_HOUR.join(',')}]::float8[])[${topRankColumn}]`;
  const pastFrontPage = `${expectedUpvotesPerHour(30, null) / 3} * 30.0 / ${topRankColumn}`;
  const newPage = expectedUpvotesPerHour(null, 1);
  return `(CASE WHEN ${topRankColumn} BETWEEN 1 AND 30 THEN ${frontPage}
               WHEN ${topRankColumn} > 30 THEN ${pastFrontPage}
               WHEN ${newRankColumn} BETWEEN 1 AND 30 THEN ${newPage}
               ELSE 0 END)`;
}
