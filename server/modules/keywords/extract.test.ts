import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractKeywords } from './extract.ts';

const ALIASES = new Map([
  ['llms', 'LLM'],
  ['js', 'JavaScript'],
]);
const keys = (title: string) => extractKeywords(title, ALIASES).map((keyword) => keyword.key);

describe('extractKeywords', () => {
  it('tells the language Go from the verb go by case and position', () => {
    expect(keys('Go 1.22 released')).toContain('go');
    expect(keys('Why I switched from Python to Go')).toEqual(expect.arrayContaining(['python', 'go']));
    expect(keys('How to go fast')).not.toContain('go');
    expect(keys('How To Go Fast')).not.toContain('go');
  });

  it('counts Apple the company as one keyword wherever it stands', () => {
    expect(keys('Apple announces new MacBook Pro')).toContain('apple');
    expect(keys('Why Apple is wrong')).toContain('apple');
  });

  it('keeps the usual spelling of names', () => {
    const found = extractKeywords('GitHub Copilot comes to macOS', ALIASES);
    expect(found.find((keyword) => keyword.key === 'github')).toMatchObject({ spelling: 'GitHub', informativeCase: true });
    expect(found.find((keyword) => keyword.key === 'macos')).toMatchObject({ spelling: 'macOS' });
  });

  it('finds phrases as well as words', () => {
    const found = keys('A Rust compiler written in Machine Learning');
    expect(found).toEqual(expect.arrayContaining(['rust', 'compiler', 'rust compiler', 'machine learning']));
    expect(found).not.toContain('compiler written');
  });

  it('drops the boilerplate, stopwords, numbers and versions', () => {
    expect(keys('Show HN: The 10 best tools of 2024 (2023) [pdf]')).toEqual(['tools', 'best tools']);
    expect(keys('Ask HN: What is it?')).toEqual([]);
    expect(keys('Python 3.12.1 and 2024')).toEqual(['python']);
    expect(keys('!!! ??? ...')).toEqual([]);
  });

  it('merges aliases', () => {
    expect(keys('LLMs are eating the world')).toContain('llm');
    const js = extractKeywords('The JS framework treadmill', ALIASES).find((keyword) => keyword.key === 'javascript');
    expect(js).toMatchObject({ spelling: 'JavaScript', informativeCase: true });
  });

  it('keeps names with symbols whole', () => {
    expect(keys('Node.js vs C++ and C# in 2024')).toEqual(expect.arrayContaining(['node.js', 'c++', 'c#']));
  });

  it('reads non-English titles and skips emoji', () => {
    expect(keys('日本語のタイトル 🚀 emoji')).toEqual(['日本語のタイトル', 'emoji']);
    expect(keys('Über die Straße')).toEqual(expect.arrayContaining(['über', 'straße']));
    expect(keys('🚀🚀🚀')).toEqual([]);
  });

  it('bounds very long titles', () => {
    const long = Array.from({ length: 5000 }, (_, i) => `Topic${i}`).join(' ');
    const found = keys(long);
    expect(found.length).toBeGreaterThan(0);
    expect(found).not.toContain('topic4999');
  });

  it('gives distinct lowercase keys of one to three words for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (title) => {
        const found = keys(title);
        expect(new Set(found).size).toBe(found.length);
        for (const key of found) {
          expect(key).toBe(key.toLowerCase());
          expect(key.split(' ').length).toBeLessThanOrEqual(3);
        }
      }),
      { numRuns: 200 },
    );
  });
});
