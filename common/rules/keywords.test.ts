import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aliasKey,
  aliasTarget,
  canonicalWords,
  isNumberLike,
  keywordKey,
  matchingAlertKeywords,
  stripBoilerplate,
  titleMentions,
  tokenize,
} from './keywords.ts';

const ALIASES = new Map([
  ['llms', 'LLM'],
  ['js', 'JavaScript'],
  ['ml', 'machine learning'],
]);
const NONE = new Map<string, string>();

describe('tokenize', () => {
  it('keeps names with symbols whole and drops emoji and punctuation', () => {
    expect(tokenize('Node.js vs C++ and C# 🚀 — don’t panic!').map((token) => token.text)).toEqual([
      'Node.js',
      'vs',
      'C++',
      'and',
      'C#',
      'don’t',
      'panic',
    ]);
  });

  it('gives each word its offset and lowercase key', () => {
    expect(tokenize('  GitHub macOS')).toEqual([
      { text: 'GitHub', key: 'github', start: 2 },
      { text: 'macOS', key: 'macos', start: 9 },
    ]);
  });

  it('reads letters of any script', () => {
    expect(tokenize('Über die Straße, 日本語').map((token) => token.key)).toEqual(['über', 'die', 'straße', '日本語']);
  });
});

describe('stripBoilerplate', () => {
  it.each([
    ['Show HN: A Rust compiler', 'A Rust compiler'],
    ['Ask HN: What is Go?', 'What is Go?'],
    ['Tell HN – I quit', 'I quit'],
    ['Launch HN: Keyri (YC S21)', 'Keyri (YC S21)'],
    ['Attention is all you need [pdf]', 'Attention is all you need'],
    ['The talk [video] (2019)', 'The talk'],
  ])('%s', (title, expected) => {
    expect(stripBoilerplate(title).replace(/\s+/g, ' ').trim()).toBe(expected);
  });

  it('leaves HN mentions that are not the prefix', () => {
    expect(stripBoilerplate('Why I read Show HN daily')).toBe('Why I read Show HN daily');
  });
});

describe('isNumberLike', () => {
  it.each(['2024', '1.22', 'v3.1.4', '1,000', '2.0rc1'])('%s alone is no keyword', (word) => expect(isNumberLike(word)).toBe(true));
  it.each(['z3', 'x86', '10x', 'web3', 'v8'])('%s names something', (word) => expect(isNumberLike(word)).toBe(false));
});

describe('aliases', () => {
  it('merges variants into the keyword they stand for', () => {
    expect(canonicalWords(['LLMs', 'in', 'JS'], ALIASES)).toEqual(['llm', 'in', 'javascript']);
    expect(keywordKey('ML', ALIASES)).toBe('machine learning');
    expect(keywordKey('  Rust   Compiler ', ALIASES)).toBe('rust compiler');
  });

  it('finds an alias of an identifier whether its words come whole ("gpt-3") or split ("gpt", "3")', () => {
    const aliases = new Map([[aliasKey('GPT-3'), 'OpenAI GPT']]);
    expect(aliasKey('GPT-3')).toBe('gpt 3');
    expect(aliasTarget(aliases, 'GPT-3')).toBe('OpenAI GPT');
    expect(aliasTarget(aliases, 'gpt 3')).toBe('OpenAI GPT');
    expect(aliasTarget(aliases, 'GPT-4')).toBeUndefined();
    expect(canonicalWords(['GPT-3', 'writes'], aliases)).toEqual(['openai', 'gpt', 'writes']);
    expect(titleMentions('GPT-3 writes code', 'OpenAI GPT', aliases)).toBe(true);
  });
});

describe('titleMentions (the alert matching rule)', () => {
  it.each<[string, string, boolean]>([
    ['Rust 1.80 released', 'rust', true],
    ['In code we trust', 'rust', false],
    ['Rustaceans meet', 'rust', false],
    ['Machine Learning in Rust', 'machine learning', true],
    ['A learning machine', 'machine learning', false],
    ['Why ML is hard', 'machine learning', true],
    ['LLMs are eating the world', 'LLM', true],
    ['An LLM in your browser', 'LLMs', true],
    ['Why JS won', 'JavaScript', true],
    ['Show HN: My tool', 'show hn', true],
    ['C++ is fast', 'c++', true],
    ['C is fast', 'c++', false],
  ])('%s / %s → %s', (title, keyword, expected) => {
    expect(titleMentions(title, keyword, ALIASES)).toBe(expected);
  });

  it('ignores case on both sides', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (upper) => {
        const flip = (text: string) => [...text].map((char, i) => (upper[i % 8] ? char.toUpperCase() : char.toLowerCase())).join('');
        return titleMentions(flip('why postgres wins'), flip('postgres'), NONE);
      }),
    );
  });

  it('matches a keyword written anywhere between other words, and never inside a longer word', () => {
    const word = fc.stringMatching(/^[a-z]{2,8}$/);
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 5 }), fc.array(word, { maxLength: 5 }), fc.stringMatching(/^[a-z]{1,3}$/), (keyword, before, after, glue) => {
        expect(titleMentions([...before, keyword, ...after].join(' '), keyword, NONE)).toBe(true);
        const inside = `${glue}${keyword}`;
        const others = [...before, ...after].filter((other) => other !== keyword);
        expect(titleMentions([...others, inside].join(' '), keyword, NONE)).toBe(false);
      }),
    );
  });

  it('never matches a keyword without words', () => {
    expect(titleMentions('Anything at all', '!!!', NONE)).toBe(false);
  });
});

describe('matchingAlertKeywords (the card badge)', () => {
  it('lists the keywords of active alerts the title mentions, in order', () => {
    const alerts = [
      { keyword: 'Rust', isActive: true },
      { keyword: 'wasm', isActive: false },
      { keyword: 'JS', isActive: true },
      { keyword: 'Go', isActive: true },
    ];
    expect(matchingAlertKeywords('Rust and JavaScript on wasm', alerts, ALIASES)).toEqual(['Rust', 'JS']);
  });
});
