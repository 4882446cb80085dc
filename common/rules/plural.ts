/** Counts in words: "1 point", "2 points", "1 story", "0 comments" (every count the product shows). */

/** The noun for a count: singular for exactly 1, plural otherwise (0, 2, 1.5, -1). */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** Made once: toLocaleString('en-US') builds a number format on every call (the story page has a dozen counts). */
const GROUPED = new Intl.NumberFormat('en-US');

/** A number grouped in thousands, as toLocaleString('en-US') writes it: "1,234". */
export function groupThousands(count: number): string {
  return GROUPED.format(count);
}

/** The count with its noun, the count grouped in thousands: "1 point", "1,234 comments". */
export function formatCount(count: number, singular: string, plural?: string): string {
  return `${groupThousands(count)} ${pluralise(count, singular, plural)}`;
}
