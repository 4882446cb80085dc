import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { eng as englishStopwords } from 'stopword';
import {
  canonicalWords,
  isNumberLike,
  MAX_PHRASE_WORDS,
  stripBoilerplate,
  tokenize,
  type AliasMap,
  type Token,
} from '../../../common/rules/keywords.ts';

/**
 * Keyword extraction (issue 13 item 1; docs/keywords.md): the topics a title names, as single words and phrases,
 * with proper nouns told from common words by wink-nlp's part-of-speech tags and by case and position.
 */

const nlp = winkNLP(model);
const its = nlp.its;

/** Words of the site itself, which every title could carry: the only additions to the maintained list. */
const DOMAIN_STOPWORDS = ['hn', 'yc', 'pdf', 'video', 'via', 'vs', 'etc'];
const STOPWORDS = new Set([...englishStopwords, ...DOMAIN_STOPWORDS]);

/** Titles are short; a longer text is cut here, so one pathological title costs no more than a normal one. */
const MAX_TITLE_WORDS = 60;

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
}

/** The part-of-speech tag of the wink-nlp token starting at each offset of the text. */
function tagsByOffset(text: string): Map<number, string> {
  const doc = nlp.readDoc(text);
  const tagAt = new Map<number, string>();
  const tags = doc.tokens().out(its.pos);
  let cursor = 0;
  doc
    .tokens()
    .out()
    .forEach((token, index) => {
      const at = text.indexOf(token, cursor);
      if (at < 0) return;
      tagAt.set(at, tags[index] ?? 'X');
      cursor = at + token.length;
    });
  return tagAt;
}

/**
 * Our words, tagged: wink-nlp splits "Node.js" and "C++", so each word takes the tag of the part it starts with.
 * The tagger takes a capitalised word for a name, which is right only where the capital is the writer's choice:
 * mid-sentence in an ordinary title, or spelled like a name whatever the case ("GitHub", "C++"). Every other word
 * (the first, and all of a Title Case title) takes its tag from the title read lowercased.
 */
function taggedWords(fullText: string): { words: Word[]; titleCase: boolean } {
  const tokens = tokenize(fullText).slice(0, MAX_TITLE_WORDS);
  const last = tokens[tokens.length - 1];
  if (!last) return { words: [], titleCase: false };
  const text = fullText.slice(0, last.start + last.text.length);
  const titleCase = isTitleCase(tokens);
  const asWritten = tagsByOffset(text);
  const lowered = text.toLowerCase();
  // Lowercasing keeps offsets for nearly every text; where it does not (a few Unicode letters), the tags as written serve.
  const asLowercase = lowered.length === text.length ? tagsByOffset(lowered) : asWritten;
  const words = tokens.map((token, index) => {
    const chosen = innerCapitals(token.text) || nameSymbols(token.text) || (index > 0 && !titleCase && capitalised(token.text));
    return { ...token, tag: (chosen ? asWritten : asLowercase).get(token.start) ?? 'X' };
  });
  return { words, titleCase };
}

const hasLetter = (word: string) => /\p{L}/u.test(word);
const capitalised = (word: string) => /^\p{Lu}/u.test(word);
/** "GitHub", "macOS", "LLMs", "AWS": case inside a word is deliberate wherever the word stands. */
const innerCapitals = (word: string) => /^.+\p{Lu}/u.test(word);
/** "C++", "C#", "Node.js": a spelling only a name has. */
const nameSymbols = (word: string) => /[+#.]/.test(word);

/** Most words after the first capitalised ("How To Go Fast"): case says nothing about which are names. */
function isTitleCase(words: readonly Token[]): boolean {
  const rest = words.slice(1).filter((word) => hasLetter(word.text));
  return rest.length >= 2 && rest.filter((word) => capitalised(word.text)).length / rest.length >= 0.7;
}

export function extractKeywords(title: string, aliases: AliasMap): ExtractedKeyword[] {
  const text = stripBoilerplate(title);
  const { words, titleCase } = taggedWords(text);
  const usable = (word: Word) => hasLetter(word.text) && !isNumberLike(word.key) && !STOPWORDS.has(word.key);

  const isName = (word: Word, index: number): boolean => {
    if (innerCapitals(word.text) || nameSymbols(word.text)) return true;
    // The tagger calls some lowercase words names ("new"); a lowercase word in a title is not one.
    if (!capitalised(word.text)) return false;
    if (word.tag === 'PROPN') return true;
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
    const aliasTarget = aliases.get(run.map((word) => word.key).join(' '));
    const spelling = aliasTarget ?? run.map((word) => aliases.get(word.key) ?? word.text).join(' ');
    found.set(key, { key, spelling, informativeCase: aliasTarget !== undefined || run.every((word, i) => caseTells(word, first + i)) });
  };

  words.forEach((word, index) => {
    if (!usable(word) || word.key.length < 2) return;
    if (isName(word, index) || (TOPIC_TAGS.has(word.tag) && (word.tag !== 'PROPN' || capitalised(word.text)))) add([word], index);
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
