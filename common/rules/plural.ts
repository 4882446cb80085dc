/** Counts in words: "1 point", "2 points", "1 story", "0 comments" (every count the product shows). */

/** The noun for a count: singular for exactly 1, plural otherwise (0, 2, 1.5, -1). */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** The count with its noun, the count grouped in thousands: "1 point", "1,234 comments". */
export function formatCount(count: number, singular: string, plural?: string): string {
  return `${count.toLocaleString('en-US')} ${pluralise(count, singular, plural)}`;
}
