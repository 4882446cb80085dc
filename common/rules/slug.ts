/** The title slug of a share URL, /share/{shareToken}/{slug} (part 1 §2). */
export const SLUG_MAX_LENGTH = 60;

/**
 * The spec's steps, in its order: lowercase, strip everything but letters,
 * digits, spaces and hyphens, turn spaces into hyphens, collapse repeated
 * hyphens, cut to 60 characters. Nothing is trimmed afterwards, so a slug may
 * start or end with a hyphen.
 *
 * Choices the spec leaves open:
 * - "Letters and digits" are Unicode ones (\p{L}, \p{N}), so non-Latin titles
 *   still get a slug; combining marks (\p{M}) are not letters and are stripped.
 * - Every whitespace character counts as a space.
 * - Lowercasing is locale-independent, so server and browser agree.
 * - The cut counts code points, so it never splits a surrogate pair (a lone
 *   surrogate would make encodeURIComponent throw).
 */
export function titleSlug(title: string): string {
  const hyphenated = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/gu, '-')
    .replace(/-{2,}/g, '-');
  return Array.from(hyphenated).slice(0, SLUG_MAX_LENGTH).join('');
}
