/**
 * Muting: a person's rules that hide stories from every list, search, prediction, alert and email they get.
 * A rule hides a story by a title word or quoted phrase, by domain (with its subdomains), by author, by kind (Ask HN,
 * Show HN, Launch HN, hiring posts) or by the story itself. The rule is here once: the server applies it, the web app
 * explains it, and the table test (mutes.test.ts) pins it down.
 */

export const MUTE_KINDS = ['word', 'domain', 'author', 'kind', 'story'] as const;
export type MuteKind = (typeof MUTE_KINDS)[number];

/** The most rules a person keeps. */
export const MAX_MUTES = 500;
/** The longest word or phrase, domain and author a rule holds (a domain name is at most 253 characters). */
export const MUTE_VALUE_MAX = { word: 100, domain: 253, author: 50 } as const;

/** The kinds of story a `kind` rule names, and each one's name as the web app shows it. */
export const STORY_KINDS = ['ask', 'show', 'launch', 'job'] as const;
export type StoryKind = (typeof STORY_KINDS)[number];
export const STORY_KIND_NAMES: Readonly<Record<StoryKind, string>> = { ask: 'Ask HN', show: 'Show HN', launch: 'Launch HN', job: 'Jobs' };

export const MUTE_KIND_NAMES: Readonly<Record<MuteKind, string>> = { word: 'Word', domain: 'Domain', author: 'Author', kind: 'Kind', story: 'Story' };

export interface MuteRule {
  kind: MuteKind;
  value: string;
}

/** What a rule is tested against: the story's id, title, domain and author, in any case. */
export interface MutableStory {
  id: number;
  title: string;
  domain: string;
  by: string;
}

/**
 * A story's kind, from its title: Ask, Show and Launch HN by their prefix (as the card's tags read them, and Launch
 * HN's too), and hiring posts by "is hiring" / "are hiring" / "who's hiring" anywhere. Job items themselves are never
 * ingested (server/hn/parse.ts); what lists show of hiring is these stories.
 */
export function storyKind(title: string): StoryKind | null {
  const lower = title.toLowerCase();
  if (lower.startsWith('ask hn:')) return HIRING.test(lower) ? 'job' : 'ask';
  if (lower.startsWith('show hn:')) return 'show';
  if (lower.startsWith('launch hn:')) return 'launch';
  return HIRING.test(lower) ? 'job' : null;
}
const HIRING = /\b(?:is|are|who's|who is) hiring\b/;

/** Letters, digits, combining marks and the underscore make up words; `+` and `#` may end one (C++, C#, F#). */
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = /[A-Za-z0-9_]/.test(String.fromCharCode(c)) ? 1 : 0;
const PLUS = 43;
const HASH = 35;

/** Whether the UTF-16 unit at `i` of `text` is part of a word (false past either end). Reads codes: no strings made. */
function isWordAt(text: string, i: number): boolean {
  if (i < 0 || i >= text.length) return false;
  const code = text.charCodeAt(i);
  if (code < 128) return ASCII_WORD[code] === 1;
  // A surrogate pair is read whole (letters beyond the first plane, such as some CJK ideographs, are words too).
  const point = text.codePointAt(i)!;
  if (point >= 0xdc00 && point <= 0xdfff) return WORD_CHAR.test(String.fromCodePoint(text.codePointAt(i - 1)!));
  return WORD_CHAR.test(String.fromCodePoint(point));
}

/** Text as rules compare it: Unicode compatibility form, lower case, inner white space as one space. */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * A domain as rules hold it: lower case, without scheme, path, port, trailing dot or leading `www.` (as stories'
 * domains are stored), international names in their Unicode form folded like text. Null when it is not a host name.
 */
export function normaliseDomain(input: string): string | null {
  let value = foldText(input);
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '').replace(/\.$/, '');
  value = value.replace(/^www\./, '');
  if (value.length === 0 || value.length > MUTE_VALUE_MAX.domain) return null;
  // Labels of letters (any script), digits and hyphens, not starting or ending with a hyphen; at least one dot.
  const label = /^(?!-)[\p{L}\p{N}\p{M}-]{1,63}(?<!-)$/u;
  const labels = value.split('.');
  if (labels.length < 2 || !labels.every((part) => label.test(part))) return null;
  return value;
}

/** Whether a (lower-case) domain is `parent` or one of its subdomains: blog.example.com is within example.com, notexample.com is not. */
export function isWithinDomain(domain: string, parent: string): boolean {
  return domain === parent || (domain.length > parent.length && domain.endsWith(parent) && domain[domain.length - parent.length - 1] === '.');
}

/**
 * A rule's value as it is stored, or the reason it cannot be: words and phrases folded (surrounding quotes of a
 * phrase dropped), domains normalised, authors as Hacker News names (letters, digits, `-` and `_`), kinds one of
 * STORY_KINDS and stories a positive id.
 */
export function normaliseMuteValue(kind: MuteKind, input: string): { value: string } | { error: string } {
  const raw = input.trim();
  switch (kind) {
    case 'word': {
      const value = foldText(raw.replace(/^["“”']+|["“”']+$/g, ''));
      if (value.length === 0) return { error: 'A word or phrase is required' };
      if (value.length > MUTE_VALUE_MAX.word) return { error: `A word or phrase must be at most ${MUTE_VALUE_MAX.word} characters` };
      if (!/[\p{L}\p{N}]/u.test(value)) {
        return { error: 'A word or phrase needs at least one letter or digit' };
      }
      return { value };
    }
    case 'domain': {
      const value = normaliseDomain(raw);
      return value === null ? { error: 'A domain must be a host name such as example.com' } : { value };
    }
    case 'author': {
      const value = raw.replace(/^@/, '').toLowerCase();
      if (!/^[a-z0-9_-]{1,50}$/.test(value)) return { error: 'An author must be a Hacker News username (letters, digits, - and _, at most 50)' };
      return { value };
    }
    case 'kind': {
      const value = raw.toLowerCase();
      return (STORY_KINDS as readonly string[]).includes(value) ? { value } : { error: `A kind must be one of ${STORY_KINDS.join(', ')}` };
    }
    case 'story': {
      if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) return { error: 'A story must be a story id' };
      return { value: String(Number(raw)) };
    }
  }
}

/**
 * Where a word of a title ends when `+` and `#` follow it: a run of them ends the word when nothing but a separator
 * (or the end) comes next (C++, C#), and joins two words otherwise (AI+ML is AI and ML).
 */
function wordEnd(text: string, end: number): number {
  let i = end;
  for (let code = text.charCodeAt(i); code === PLUS || code === HASH; code = text.charCodeAt(i)) i++;
  return i > end && !isWordAt(text, i) ? i : end;
}

/** Whether `phrase` (folded) is in `text` (folded) as whole words: no word character joined on either side. */
export function containsWholeWords(text: string, phrase: string): boolean {
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
    const end = at + phrase.length;
    if (isWordAt(text, at - 1) || isWordAt(text, end)) continue;
    // "c" in "c++" is not the word C: the `+` run ends the word there.
    if (isWordAt(phrase, phrase.length - 1) && wordEnd(text, end) !== end) continue;
    return true;
  }
  return false;
}

/** The words of a folded text, each with the `+`/`#` run that ends it (wordEnd). */
function wordsOf(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    if (isWordAt(text, i)) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0) {
      const end = wordEnd(text, i);
      words.push(text.slice(start, end));
      // The loop steps past text[end], which is no word character.
      i = end;
      start = -1;
    }
  }
  return words;
}

/** A person's rules, compiled once to test many stories: sets for the exact kinds, words by their first word. */
export interface MuteMatcher {
  /** How many rules it holds. */
  readonly size: number;
  /** Whether any rule hides the story. */
  mutes(story: MutableStory): boolean;
  /** Whether a rule hides this one story by its id (the only rule that reads the id). */
  hidesId(id: number): boolean;
}

export const NO_MUTES: MuteMatcher = { size: 0, mutes: () => false, hidesId: () => false };

export function compileMutes(rules: readonly MuteRule[]): MuteMatcher {
  if (rules.length === 0) return NO_MUTES;
  const domains = new Set<string>();
  const authors = new Set<string>();
  const kinds = new Set<string>();
  const stories = new Set<number>();
  /** Single words (with a `+`/`#` end) found by a set; phrases and anything else by its first word, then in full. */
  const words = new Set<string>();
  const phrasesByFirstWord = new Map<string, string[]>();
  for (const rule of rules) {
    if (rule.kind === 'domain') domains.add(rule.value);
    else if (rule.kind === 'author') authors.add(rule.value);
    else if (rule.kind === 'kind') kinds.add(rule.value);
    else if (rule.kind === 'story') stories.add(Number(rule.value));
    else {
      const parts = wordsOf(rule.value);
      if (parts.length === 1 && parts[0] === rule.value) words.add(rule.value);
      else if (parts.length > 0) {
        const list = phrasesByFirstWord.get(parts[0]!) ?? [];
        list.push(rule.value);
        phrasesByFirstWord.set(parts[0]!, list);
      }
    }
  }
  const testsTitle = words.size > 0 || phrasesByFirstWord.size > 0;
  const mutedDomain = (domain: string): boolean => {
    if (domains.size === 0 || domain === '') return false;
    let host = domain.toLowerCase();
    // example.com mutes blog.example.com: the domain and each parent made by dropping a leading label.
    for (;;) {
      if (domains.has(host)) return true;
      const dot = host.indexOf('.');
      if (dot < 0) return false;
      host = host.slice(dot + 1);
    }
  };
  const mutedTitle = (title: string): boolean => {
    const folded = isPlainLowerAscii(title) ? title : foldText(title);
    for (const word of wordsOf(folded)) {
      if (words.has(word)) return true;
      const phrases = phrasesByFirstWord.get(word);
      if (phrases && phrases.some((phrase) => containsWholeWords(folded, phrase))) return true;
    }
    return false;
  };
  return {
    size: rules.length,
    hidesId: (id) => stories.has(id),
    mutes(story) {
      if (stories.has(story.id)) return true;
      if (authors.size > 0 && authors.has(story.by.toLowerCase())) return true;
      if (mutedDomain(story.domain)) return true;
      if (kinds.size > 0) {
        const kind = storyKind(story.title);
        if (kind !== null && kinds.has(kind)) return true;
      }
      return testsTitle && mutedTitle(story.title);
    },
  };
}

/** Text needing no folding: printable ASCII without capitals or doubled spaces (most titles once lowered). */
function isPlainLowerAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 126 || (c >= 65 && c <= 90) || c < 32 || (c === 32 && text.charCodeAt(i + 1) === 32)) return false;
  }
  return true;
}

/** A stable key of a set of rules: two people with the same rules share cached list pages. */
export function mutesKey(rules: readonly MuteRule[]): string {
  return rules
    .map((rule) => `${rule.kind}:${rule.value}`)
    .sort()
    .join('\u0001');
}
