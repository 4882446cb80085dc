import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { eng as englishStopwords } from 'stopword';
import {
  aliasTarget,
  canonicalWords,
  isNumberLike,
  MAX_PHRASE_WORDS,
  stripBoilerplate,
  tokenize,
  type AliasMap,
  type Token,
} from '#common/rules/keywords.ts';

/**
 * Keyword extraction (docs/keywords.md): the topics a title names, as single words and phrases. Identifiers
 * ("log4j", "GPT-3", "C++") and words no English dictionary holds ("Fastly") are names whatever the tagger makes of
 * them; among dictionary words, wink-nlp's part-of-speech tags and case and position tell names and nouns from the rest.
 */

const nlp = winkNLP(model);
const its = nlp.its;
/**
 * wink-nlp numbers the words of its lexicon first and every word it meets outside it after them, so the id of a
 * word it cannot know, read first, is where the words outside the lexicon start.
 */
const FIRST_UNKNOWN_ID = nlp.readDoc('qxzvjqkw').tokens().out(its.uniqueId)[0]!;

/** Words of the site itself, which every title could carry: the only additions to the maintained list. */
const DOMAIN_STOPWORDS = ['hn', 'yc', 'pdf', 'video', 'via', 'vs', 'etc'];
const STOPWORDS = new Set([...englishStopwords, ...DOMAIN_STOPWORDS]);

/** Titles are short; a longer text is cut here, so one pathological title costs no more than a normal one. */
const MAX_TITLE_WORDS = 60;

/** Units after a count make a measure ("10-year", "64-bit"), not a topic; a count of zero is the idiom "0-day". */
const MEASURE = /^(?!0-)\d+(?:\.\d+)?-(?:second|minute|hour|day|week|month|year|decade|century|bit|byte|core|inch|foot|mile|meter|metre|percent|fold|degree|ton|acre|star|port|line|piece|character|page|step)s?$/;
/** Names that a small number follows without making a product of it ("Part 2", "Day 3"); "Windows 11" is one. */
const SEQUENCE_WORDS = new Set(['part', 'chapter', 'day', 'episode', 'season', 'vol', 'volume', 'issue', 'number', 'no', 'step', 'level', 'top', 'week', 'year', 'page', 'phase', 'round']);
/**
 * Verbs of headlines that the tagger reads as plural nouns after a noun ("adoption hits 40%", "Bitcoin crashes 20%").
 * Only words far more often the verb than a topic are listed ("files", "plans" are not).
 */
const HEADLINE_VERBS = new Set(
  'acquires adds bans beats blocks breaks buys claims closes crashes crosses cuts doubles drops ends falls fires fixes gets hires hits jumps kills lands launches leaks loses makes moves opens passes raises reaches releases rises says sets ships shows slashes soars sues surges takes tops triples unveils wants warns wins'.split(' '),
);
/** Tags of a word that cannot start what a verb governs: "X hits in Y" is a noun. */
const NOT_AN_OBJECT = new Set(['ADP', 'CCONJ', 'SCONJ', 'AUX', 'PUNCT', 'SYM']);

/** Tags of words that can name a topic by themselves. */
const TOPIC_TAGS = new Set(['NOUN', 'PROPN', 'X']);
/** Tags of words that may stand inside a phrase ("open source", "machine learning"). */
const PHRASE_TAGS = new Set(['NOUN', 'PROPN', 'X', 'ADJ']);

export interface ExtractedKeyword {
  /** Canonical lowercase words joined by a space: what the keyword is stored and matched by. */
  key: string;
  /** As written (or the alias's target): the most frequent spelling becomes the keyword's display. */
  spelling: string;
  /**
   * Whether the spelling's case tells anything: not for the first word of a title or a Title Case title, where
   * everything is capitalised. Such spellings count only when nothing better was ever seen.
   */
  informativeCase: boolean;
}

interface Word extends Token {
  tag: string;
  /** Whether wink-nlp's lexicon holds the word (lowercase): a dictionary word, whose tag can be trusted. */
  known: boolean;
  /** Spelled as only a name or an identifier is, whatever its case ("GitHub", "C++", "log4j"): worked out once. */
  nameSpelling: boolean;
}

interface TokenReading {
  tag: string;
  /** The wink-nlp token's length: it may be longer than our word ("non-profit"), and then says nothing of it. */
  length: number;
  known: boolean;
}

/** The part-of-speech tag of the wink-nlp token starting at each offset of the text, and whether its lexicon holds it. */
function readingsByOffset(text: string): Map<number, TokenReading> {
  const doc = nlp.readDoc(text);
  const readingAt = new Map<number, TokenReading>();
  const tags = doc.tokens().out(its.pos);
  const ids = doc.tokens().out(its.uniqueId);
  let cursor = 0;
  doc
    .tokens()
    .out()
    .forEach((token, index) => {
      const at = text.indexOf(token, cursor);
      if (at < 0) return;
      readingAt.set(at, { tag: tags[index] ?? 'X', length: token.length, known: (ids[index] ?? FIRST_UNKNOWN_ID) < FIRST_UNKNOWN_ID });
      cursor = at + token.length;
    });
  return readingAt;
}

/** "Okta's", "Musk’s": the name the possessive belongs to ("it's" and "let's" are stopwords either way). */
function withoutPossessive(token: Token): Token {
  const match = /^(.+\p{L})['’]s$/u.exec(token.text);
  return match ? { text: match[1]!, key: match[1]!.toLowerCase(), start: token.start } : token;
}

/**
 * Our words with identifiers whole: a hyphen next to a number joins ("GPT-3", "0-day", "CVE-2021-44228", never "day"
 * alone; "M1-based" stays "M1" and "based"), and so does a dot in front of a word that follows no other ("the .NET runtime"). Alert matching keeps the
 * plain words (common/rules/keywords.ts), so an alert on "GPT" still matches "GPT-3".
 */
function identifierTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const token of tokenize(text).map(withoutPossessive)) {
    const previous = tokens[tokens.length - 1];
    const gap = previous ? text.slice(previous.start + previous.text.length, token.start) : '';
    if (previous && gap === '-' && (/^\p{N}+$/u.test(previous.text.slice(previous.text.lastIndexOf('-') + 1)) || /^\p{N}+$/u.test(token.text))) {
      previous.text += gap + token.text;
      previous.key = previous.text.toLowerCase();
    } else if (token.start > 0 && text[token.start - 1] === '.' && !/[\p{L}\p{N}.]/u.test(text[token.start - 2] ?? '') && /^\p{L}/u.test(token.text)) {
      tokens.push({ text: `.${token.text}`, key: `.${token.key}`, start: token.start - 1 });
    } else tokens.push({ ...token });
  }
  return tokens;
}

/**
 * Our words, tagged: wink-nlp splits "Node.js" and "C++", so each word takes the tag of the part it starts with.
 * The tagger takes a capitalised word for a name, which is right only where the capital is the writer's choice:
 * mid-sentence in an ordinary title, or spelled like a name whatever the case ("GitHub", "C++"). Every other word
 * (the first, and all of a Title Case title) takes its tag from the title read lowercased.
 */
function taggedWords(fullText: string): { words: Word[]; titleCase: boolean } {
  const tokens = identifierTokens(fullText).slice(0, MAX_TITLE_WORDS);
  const last = tokens[tokens.length - 1];
  if (!last) return { words: [], titleCase: false };
  const text = fullText.slice(0, last.start + last.text.length);
  const titleCase = isTitleCase(tokens);
  const asWritten = readingsByOffset(text);
  const lowered = text.toLowerCase();
  // Lowercasing keeps offsets for nearly every text; where it does not (a few Unicode letters), the tags as written
  // serve, and every word counts as known (a capitalised word is outside the lexicon as written).
  const asLowercase = lowered.length === text.length ? readingsByOffset(lowered) : undefined;
  const words: Word[] = tokens.map((token, index) => {
    const reading = asLowercase?.get(token.start);
    const known = reading?.length !== token.text.length || reading.known;
    if (identifier(token.text)) return { ...token, tag: 'PROPN', known, nameSpelling: true };
    const nameSpelling = innerCapitals(token.text) || nameSymbols(token.text);
    const chosen = nameSpelling || (index > 0 && !titleCase && capitalised(token.text));
    return { ...token, tag: ((chosen ? asWritten : asLowercase) ?? asWritten).get(token.start)?.tag ?? 'X', known, nameSpelling };
  });
  words.forEach((word, index) => {
    if (headlineVerb(text, word, words[index - 1], words[index + 1])) word.tag = 'VERB';
  });
  return { words, titleCase };
}

const hasLetter = (word: string) => /\p{L}/u.test(word);
const capitalised = (word: string) => /^\p{Lu}/u.test(word);
/** "GitHub", "macOS", "LLMs", "AWS": case inside a word is deliberate wherever the word stands. */
const innerCapitals = (word: string) => /^.+\p{Lu}/u.test(word);
/** "C++", "C#", "Node.js": a spelling only a name has. */
const nameSymbols = (word: string) => /[+#.]/.test(word);
/**
 * A word spelled like an identifier, whatever its case: letters first, then digits or symbols ("log4j", "k8s", "M1",
 * "IPv6", "GPT-3", "C++", ".NET"), or a count of something not measured ("0-day", "3-body"). "21st", "10x", "100M"
 * and a version ("v2"; "V8" the engine is a name) are not.
 */
const identifier = (word: string) =>
  hasLetter(word) &&
  !/^v\d+$/.test(word) &&
  (/^\.?\p{L}.*[\p{N}+#.]/u.test(word) || (/^\p{N}+-\p{L}/u.test(word) && !MEASURE.test(word.toLowerCase())));
/** A whole number of one or two digits after a name: a product's generation ("Windows 11", "iPhone 13"). */
const generation = (word: string) => /^\d{1,2}$/.test(word);

/** A headline verb read as a noun, between its subject (a noun or name) and what it governs, in one clause. */
function headlineVerb(text: string, word: Word, before: Word | undefined, after: Word | undefined): boolean {
  return (
    word.tag === 'NOUN' &&
    HEADLINE_VERBS.has(word.key) &&
    before !== undefined &&
    (before.tag === 'NOUN' || before.tag === 'PROPN') &&
    after !== undefined &&
    !NOT_AN_OBJECT.has(after.tag) &&
    /^\s+$/u.test(text.slice(word.start + word.text.length, after.start))
  );
}

/** Most words after the first capitalised ("How To Go Fast"): case says nothing about which are names. */
function isTitleCase(words: readonly Token[]): boolean {
  const rest = words.slice(1).filter((word) => hasLetter(word.text));
  // "10-Year-Old" is capitalised as much as "Year" is.
  return rest.length >= 2 && rest.filter((word) => /^[^\p{L}]*\p{Lu}/u.test(word.text)).length / rest.length >= 0.7;
}

export function extractKeywords(title: string, aliases: AliasMap): ExtractedKeyword[] {
  const text = stripBoilerplate(title);
  const { words, titleCase } = taggedWords(text);
  const usable = (word: Word) => hasLetter(word.text) && !isNumberLike(word.key) && !MEASURE.test(word.key) && !STOPWORDS.has(word.key);

  const isName = (word: Word, index: number): boolean => {
    if (word.nameSpelling) return true;
    // The tagger calls some lowercase words names ("new"); a lowercase word in a title is not one.
    if (!capitalised(word.text)) return false;
    if (word.tag === 'PROPN') return true;
    // Capitalised and in no dictionary: a name wherever it stands ("Fastly", "Wordle"). The lexicon lacks many verb
    // forms ("Encrypted", "Blogging"), so a word read lowercase as a verb is not one by this alone.
    if (!word.known && word.tag !== 'VERB') return true;
    // A capitalised word inside an ordinary sentence is a name; at the start it is one when a version follows ("Go 1.22").
    if (index > 0) return !titleCase;
    const next = words[1];
    return next !== undefined && isNumberLike(next.key);
  };
  const caseTells = (word: Word, index: number) => innerCapitals(word.text) || (index > 0 && !titleCase);

  const found = new Map<string, ExtractedKeyword>();
  const add = (run: Word[], first: number) => {
    const canonical = canonicalWords(
      run.map((word) => word.text),
      aliases,
    );
    const key = canonical.join(' ');
    if (found.has(key) || key.length === 0) return;
    const target = aliasTarget(aliases, run.map((word) => word.key).join(' '));
    const spelling = target ?? run.map((word) => aliasTarget(aliases, word.key) ?? word.text).join(' ');
    found.set(key, { key, spelling, informativeCase: target !== undefined || run.every((word, i) => caseTells(word, first + i)) });
  };

  words.forEach((word, index) => {
    if (!usable(word) || word.key.length < 2) return;
    if (isName(word, index) || (TOPIC_TAGS.has(word.tag) && (word.tag !== 'PROPN' || capitalised(word.text)))) add([word], index);
    // A versioned name counts for its family too: "GPT-3" for GPT, "COVID-19" for COVID.
    const family = /^(\p{L}{2,})-\p{N}/u.exec(word.text)?.[1];
    if (family && !STOPWORDS.has(family.toLowerCase())) add([{ ...word, text: family, key: family.toLowerCase() }], index);
    // A name and a small number: the product's generation ("Windows 11").
    const next = words[index + 1];
    if (next && generation(next.text) && text.slice(word.start + word.text.length, next.start) === ' ' && isName(word, index) && !SEQUENCE_WORDS.has(word.key)) {
      add([word, next], index);
    }
  });

  // Phrases: runs of two or three phrase words joined only by spaces or hyphens, ending in a noun or a name.
  // A gerund may follow ("machine learning") but not lead ("Solving Wordle").
  const phraseWord = (word: Word, index: number, first: boolean) =>
    usable(word) && (PHRASE_TAGS.has(word.tag) || isName(word, index) || (!first && word.tag === 'VERB' && word.key.endsWith('ing')));
  for (let start = 0; start < words.length; start++) {
    for (let n = 2; n <= MAX_PHRASE_WORDS && start + n <= words.length; n++) {
      const run = words.slice(start, start + n);
      const joined = run.every((word, i) => i === 0 || /^[\s-]+$/u.test(text.slice(run[i - 1]!.start + run[i - 1]!.text.length, word.start)));
      if (!joined || !run.every((word, i) => phraseWord(word, start + i, i === 0))) break;
      const last = run[run.length - 1]!;
      if (last.tag !== 'ADJ') add(run, start);
    }
  }
  return [...found.values()];
}
