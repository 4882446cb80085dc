import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMutes, mutesKey, normaliseDomain, normaliseMuteValue, storyKind, type MuteKind, type MuteRule } from './mutes.ts';

const story = (title: string, domain = '', by = 'someone', id = 1) => ({ id, title, domain, by });

/** A rule as a person types it: normalised as the server stores it (a bad value fails the test). */
function rule(kind: MuteKind, typed: string): MuteRule {
  const result = normaliseMuteValue(kind, typed);
  if ('error' in result) throw new Error(`${kind} ${typed}: ${result.error}`);
  return { kind, value: result.value };
}

describe('compileMutes: which stories a rule hides', () => {
  it.each<[string, MuteKind, string, ReturnType<typeof story>, boolean]>([
    // Words: whole words, any case.
    ['a word in the title', 'word', 'rust', story('Why I love Rust'), true],
    ['a word in capitals', 'word', 'RUST', story('rust is fine'), true],
    ['a word inside another word', 'word', 'rust', story('Trusting trust'), false],
    ['a word as a prefix', 'word', 'rust', story('Rustacean meetup'), false],
    ['a word before punctuation', 'word', 'rust', story('Is it Rust? Yes.'), true],
    ['a word after a hyphen', 'word', 'lang', story('rust-lang 1.80 released'), true],
    ['a word with a possessive', 'word', 'apple', story("Apple's new chip"), true],
    ['a word at the very start and end', 'word', 'ai', story('AI'), true],
    ['a word in the domain only', 'word', 'github', story('A new release', 'github.com'), false],
    ['a word in the author only', 'word', 'pg', story('A new essay', '', 'pg'), false],
    // C++, C#, symbols.
    ['C++ as a word', 'word', 'C++', story('Modern C++ in 2024'), true],
    ['C++ does not hide C', 'word', 'C++', story('The C programming language'), false],
    ['C does not hide C++', 'word', 'c', story('Modern C++ in 2024'), false],
    ['C does not hide C#', 'word', 'c', story('C# 12 is out'), false],
    ['C hides C itself', 'word', 'c', story('Writing C in 2024'), true],
    ['C# as a word', 'word', 'c#', story('What is new in C#?'), true],
    ['C++ followed by a comma', 'word', 'c++', story('C++, Rust and Go'), true],
    ['a word joined by a plus to another', 'word', 'ai', story('AI+ML survey'), true],
    ['.NET with its leading dot', 'word', '.net', story('Porting to .NET 8'), true],
    ['node.js as one word', 'word', 'node.js', story('Node.js 22 released'), true],
    ['node.js does not hide node', 'word', 'node.js', story('A node in a graph'), false],
    // x.com as a word and as a domain.
    ['x.com as a title word', 'word', 'x.com', story('Leaving X.com for good'), true],
    ['x.com as a title word inside a longer host', 'word', 'x.com', story('Notes on box.com'), false],
    // Phrases.
    ['a quoted phrase', 'word', '"large language model"', story('A Large Language Model from scratch'), true],
    ['a phrase with other words between', 'word', '"large language model"', story('Large models of language'), false],
    ['a phrase with extra spaces', 'word', '  machine   learning ', story('Machine learning, explained'), true],
    ['a phrase ending inside a word', 'word', '"open source"', story('Open sourced today'), false],
    ['a phrase in curly quotes', 'word', '“remote work”', story('Remote work is here to stay'), true],
    ['a phrase with double spaces in the title', 'word', 'remote work', story('Remote  work is here'), true],
    // Unicode.
    ['an accented word', 'word', 'café', story('The Café Problem'), true],
    ['an accented word, decomposed in the title', 'word', 'café', story('The Cafe\u0301 Problem'), true],
    ['an accented word does not hide the plain one', 'word', 'café', story('Cafe culture'), false],
    ['a Cyrillic word', 'word', 'привет', story('Привет, мир'), true],
    ['a Japanese word between spaces', 'word', '東京', story('東京 travel guide'), true],
    ['a full-width word', 'word', 'rust', story('Ｒｕｓｔ news'), true],
    ['a German sharp s', 'word', 'straße', story('Die STRASSE'), false],
    ['an emoji next to a word', 'word', 'rocket', story('rocket🚀 launch'), true],
    // Domains: a domain hides its subdomains, never a longer name.
    ['the domain itself', 'domain', 'example.com', story('t', 'example.com'), true],
    ['a subdomain', 'domain', 'example.com', story('t', 'blog.example.com'), true],
    ['a deep subdomain', 'domain', 'example.com', story('t', 'a.b.example.com'), true],
    ['a name ending in the domain', 'domain', 'example.com', story('t', 'notexample.com'), false],
    ['a parent of the domain', 'domain', 'blog.example.com', story('t', 'example.com'), false],
    ['a sibling subdomain', 'domain', 'blog.example.com', story('t', 'news.example.com'), false],
    ['x.com hides x.com', 'domain', 'x.com', story('t', 'x.com'), true],
    ['x.com does not hide box.com', 'domain', 'x.com', story('t', 'box.com'), false],
    ['x.com hides mobile.x.com', 'domain', 'x.com', story('t', 'mobile.x.com'), true],
    ['a domain typed as a url with www', 'domain', 'https://www.Example.com/a/b?c=1', story('t', 'example.com'), true],
    ['a domain with a port', 'domain', 'example.com:8080', story('t', 'example.com'), true],
    ['an international domain', 'domain', 'Bücher.de', story('t', 'shop.bücher.de'), true],
    ['a text post has no domain', 'domain', 'example.com', story('Ask HN: anything', ''), false],
    // Authors.
    ['the author', 'author', 'dang', story('t', '', 'dang'), true],
    ['the author in another case', 'author', '@Dang', story('t', '', 'dang'), true],
    ['another author with the name inside', 'author', 'dang', story('t', '', 'dangus'), false],
    ['an author named in the title', 'author', 'pg', story('What pg said', '', 'someone'), false],
    // Kinds.
    ['Ask HN', 'kind', 'ask', story('Ask HN: How do you take notes?'), true],
    ['Ask HN later in the title', 'kind', 'ask', story('Why I stopped reading Ask HN: threads'), false],
    ['Show HN', 'kind', 'show', story('Show HN: My tool'), true],
    ['Show HN does not hide Ask HN', 'kind', 'show', story('Ask HN: anything'), false],
    ['Launch HN', 'kind', 'launch', story('Launch HN: Acme (YC W24) – widgets'), true],
    ['a hiring post', 'kind', 'job', story('Acme (YC S21) is hiring engineers'), true],
    ["who's hiring", 'kind', 'job', story("Ask HN: Who is hiring? (May 2024)"), true],
    ['the monthly hiring thread is not an ordinary Ask HN', 'kind', 'ask', story('Ask HN: Who is hiring? (May 2024)'), false],
    ['hiring as a word is no job post', 'kind', 'job', story('Hiring is broken'), false],
    // One story.
    ['the hidden story', 'story', '42', story('t', '', 'x', 42), true],
    ['another story', 'story', '42', story('t', '', 'x', 43), false],
  ])('%s', (_, kind, typed, subject, hidden) => {
    expect(compileMutes([rule(kind, typed)]).mutes(subject)).toBe(hidden);
  });

  it('hides a story when any of many rules does, and only then', () => {
    const rules = [rule('word', 'crypto'), rule('domain', 'medium.com'), rule('author', 'spammer'), rule('kind', 'show')];
    const matcher = compileMutes(rules);
    expect(matcher.size).toBe(4);
    expect(matcher.mutes(story('Crypto winter', 'a.com'))).toBe(true);
    expect(matcher.mutes(story('Thoughts', 'x.medium.com'))).toBe(true);
    expect(matcher.mutes(story('Thoughts', 'a.com', 'Spammer'))).toBe(true);
    expect(matcher.mutes(story('Show HN: A thing', 'a.com'))).toBe(true);
    expect(matcher.mutes(story('Ask HN: A thing', 'a.com'))).toBe(false);
  });

  it('hides nothing without rules', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (title, domain) => !compileMutes([]).mutes(story(title, domain))));
  });

  it('a word always hides a title with it between other words, never one with a longer word', () => {
    const word = fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/);
    fc.assert(
      fc.property(word, word, word, (before, muted, after) => {
        const matcher = compileMutes([rule('word', muted)]);
        const hidesWord = matcher.mutes(story(`${before} ${muted.toUpperCase()} ${after}`));
        const hidesLonger = before !== muted && after !== muted && matcher.mutes(story(`${before} ${muted}x9 ${after}`));
        return hidesWord && !hidesLonger;
      }),
    );
  });
});

describe('normaliseMuteValue: what is stored, and what is refused', () => {
  it.each<[MuteKind, string, string | null]>([
    ['word', '  Rust ', 'rust'],
    ['word', '"Large  Language Model"', 'large language model'],
    ['word', '', null],
    ['word', '"   "', null],
    ['word', '+++', null],
    ['word', 'x'.repeat(101), null],
    ['domain', 'HTTPS://WWW.Example.COM/path', 'example.com'],
    ['domain', 'example.com.', 'example.com'],
    ['domain', 'localhost', null],
    ['domain', 'exa mple.com', null],
    ['domain', '-bad.com', null],
    ['author', '@PG', 'pg'],
    ['author', 'two words', null],
    ['kind', 'Show', 'show'],
    ['kind', 'poll', null],
    ['story', '0042', '42'],
    ['story', '0', null],
    ['story', '99999999999', null],
    ['story', 'abc', null],
  ])('%s %j', (kind, typed, stored) => {
    const result = normaliseMuteValue(kind, typed);
    expect('value' in result ? result.value : null).toBe(stored);
    if (stored === null) expect('error' in result && result.error.length > 0).toBe(true);
  });

  it('keeps only host names as domains', () => {
    expect(normaliseDomain('sub.example.co.uk')).toBe('sub.example.co.uk');
    expect(normaliseDomain('a'.repeat(64) + '.com')).toBeNull();
  });
});

describe('storyKind', () => {
  it.each<[string, string | null]>([
    ['Ask HN: x', 'ask'],
    ['Show HN: x', 'show'],
    ['Launch HN: x', 'launch'],
    ['Acme is hiring', 'job'],
    ['A plain title', null],
  ])('%s', (title, kind) => expect(storyKind(title)).toBe(kind));
});

describe('mutesKey', () => {
  it('is the same for the same rules in any order, and differs for other rules', () => {
    const a = [rule('word', 'rust'), rule('domain', 'x.com')];
    expect(mutesKey(a)).toBe(mutesKey([...a].reverse()));
    expect(mutesKey(a)).not.toBe(mutesKey([rule('word', 'rust')]));
  });
});
