/**
 * The text rules of keywords (docs/keywords.md), shared by the server's extraction and alert firing and by the
 * story card's 'Alert' badge, so both agree on what a title mentions.
 */

/** A keyword alert's keyword is trimmed, non-empty and at most this long (its threshold: limits.ts). */
export const KEYWORD_MAX_LENGTH = 100;
/** How many alerts one person may hold. */
export const MAX_ALERTS_PER_PERSON = 50;
/** An alert fires when its keyword is in `threshold` stories within this many hours, at most once per this span. */
export const ALERT_WINDOW_HOURS = 24;

/** The longest alias or phrase, in words: phrases are bigrams and trigrams. */
export const MAX_PHRASE_WORDS = 3;

/** Alias (lowercase, as written) → the keyword it stands for, in its usual spelling. */
export type AliasMap = ReadonlyMap<string, string>;

export interface Token {
  /** As written in the title. */
  text: string;
  /** Lowercase, for matching. */
  key: string;
  /** Offset in the text. */
  start: number;
}

/**
 * Words: runs of letters and digits, joined by inner dots and apostrophes, so that
 * "Node.js", "C++", "C#" and "don't" are one word each. Emoji and punctuation are never words.
 */
const WORD = /[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*(?:\+\+|#)?/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    tokens.push({ text: match[0], key: match[0].toLowerCase(), start: match.index });
  }
  return tokens;
}

/** Prefixes and tags the site adds to titles, which say nothing about the topic. */
const BOILERPLATE = [
  /^\s*(?:show|ask|tell|launch)\s+hn\s*[:\-–—]?\s*/i,
  /\[(?:pdf|video|audio|slides|paper|book|podcast|flagged|dupe|dead|[a-z]*\s*(?:19|20)\d\d)\]/gi,
  /\((?:19|20)\d\d\)/g,
  /\(\s*(?:pdf|video|audio|slides)\s*\)/gi,
];

/** The title without the site's boilerplate: "Show HN:", "Ask HN:", "[pdf]", "[video]", "(2023)". */
export function stripBoilerplate(title: string): string {
  let text = title;
  for (const pattern of BOILERPLATE) text = text.replace(pattern, ' ');
  return text;
}

/** A number or a version alone ("2024", "1.22", "v3.1.4"; not "10x" or "V8"): never a keyword by itself. */
export function isNumberLike(word: string): boolean {
  return /^(?:\d+(?:[.,]\d+)*|v\d+(?:\.\d+)+)(?:rc\d*|beta\d*|alpha\d*)?$/i.test(word);
}

/**
 * The key an alias is stored and looked up by: its plain words, lowercased, one space apart ("GPT-3" → "gpt 3").
 * Extraction keeps identifiers whole ("gpt-3"), alert matching splits them: both look aliases up by this key, so an
 * admin's alias applies whichever way a title's words were cut.
 */
export function aliasKey(text: string): string {
  return tokenize(text)
    .map((token) => token.key)
    .join(' ');
}

/** What the words (as cut by either reading) stand for in the alias table, if anything. */
export function aliasTarget(aliases: AliasMap, words: string): string | undefined {
  const lower = words.toLowerCase();
  return aliases.get(lower) ?? aliases.get(aliasKey(lower));
}

/**
 * Words with aliases replaced by what they stand for: the longest alias wins ("LLMs" → "LLM", "JS" → "JavaScript").
 * Returns lowercase words.
 */
export function canonicalWords(words: readonly string[], aliases: AliasMap): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    let replaced = false;
    for (let n = Math.min(MAX_PHRASE_WORDS, words.length - i); n >= 1; n--) {
      const target = aliasTarget(aliases, words.slice(i, i + n).join(' '));
      if (target !== undefined) {
        out.push(...tokenize(target).map((token) => token.key));
        i += n;
        replaced = true;
        break;
      }
    }
    if (!replaced) {
      out.push(words[i]!.toLowerCase());
      i++;
    }
  }
  return out;
}

/** The key a keyword is matched and stored by: its canonical words, lowercase, joined by one space. */
export function keywordKey(keyword: string, aliases: AliasMap): string {
  return canonicalWords(
    tokenize(keyword).map((token) => token.text),
    aliases,
  ).join(' ');
}

/** Whether `needle` occurs as a run of whole words inside `haystack`. */
export function containsWordRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * The alert matching rule: the keyword's words occur in the title as whole words, in order and
 * next to each other, ignoring case, after aliases are applied on both sides. "rust" does not match "trust";
 * "machine learning" matches "Machine Learning in Rust" but not "learning machine"; "JS" matches "JavaScript".
 * The site's boilerplate counts as text here ("Show HN" is a fine alert).
 */
export function titleMentions(title: string, keyword: string, aliases: AliasMap): boolean {
  return containsWordRun(titleWords(title, aliases), keywordKey(keyword, aliases).split(' ').filter(Boolean));
}

/** The keywords (as the person wrote them) of the active alerts whose rule matches the title, in the alerts' order. */
export function matchingAlertKeywords(
  title: string,
  alerts: readonly { keyword: string; isActive: boolean }[],
  aliases: AliasMap,
): string[] {
  const words = titleWords(title, aliases);
  return alerts
    .filter((alert) => alert.isActive && containsWordRun(words, keywordKey(alert.keyword, aliases).split(' ').filter(Boolean)))
    .map((alert) => alert.keyword);
}

/** A title's canonical words (aliases applied, lowercase): ingestion finds the alerts a title could fire by their first word. */
export function titleWords(title: string, aliases: AliasMap): string[] {
  return canonicalWords(
    tokenize(title).map((token) => token.text),
    aliases,
  );
}
