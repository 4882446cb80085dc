import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasKey } from '#common/rules/keywords.ts';
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

  it('applies an admin alias of a hyphenated identifier, stored by its plain words', () => {
    // The admin page stores "GPT-3" as "gpt 3" (aliasKey); extraction keeps "gpt-3" whole and must still find it.
    const aliases = new Map([[aliasKey('GPT-3'), 'OpenAI GPT'], [aliasKey('COVID-19'), 'COVID']]);
    const gpt = extractKeywords('GPT-3 writes code', aliases);
    expect(gpt.map((keyword) => keyword.key)).toContain('openai gpt');
    expect(gpt.map((keyword) => keyword.key)).not.toContain('gpt-3');
    expect(gpt.find((keyword) => keyword.key === 'openai gpt')).toMatchObject({ spelling: 'OpenAI GPT', informativeCase: true });
    const covid = extractKeywords('Why COVID-19 vaccines work', aliases);
    expect(covid.map((keyword) => keyword.key)).toEqual(expect.arrayContaining(['covid', 'covid vaccines']));
    expect(covid.map((keyword) => keyword.key)).not.toContain('covid-19');
    expect(covid.find((keyword) => keyword.key === 'covid vaccines')?.spelling).toBe('COVID vaccines');
  });

  it('counts a possessive for the name it belongs to, whichever apostrophe', () => {
    expect(keys("Twitter set to accept Musk's offer")).toEqual(expect.arrayContaining(['twitter', 'musk']));
    expect(keys('Okta’s Investigation of the January 2022 Compromise')).toContain('okta');
    expect(keys('Spotify is removing Neil Young’s music')).toEqual(expect.arrayContaining(['neil young', 'spotify']));
    expect(keys("Okta's breach").some((key) => /['’]/.test(key))).toBe(false);
    expect(keys("Don't panic")).not.toContain('don');
  });

  it('keeps names with symbols whole', () => {
    expect(keys('Node.js vs C++ and C# in 2024')).toEqual(expect.arrayContaining(['node.js', 'c++', 'c#']));
  });

  // Names, products and identifiers whatever the tagger makes of them; verbs and the parts of an identifier are not keywords.
  it.each([
    { title: 'Fastly Outage', present: ['fastly', 'outage'], absent: [] },
    { title: 'Fastly CDN is down', present: ['fastly', 'cdn'], absent: ['down'] },
    { title: 'Global CDN Disruption Incident Report for Fastly', present: ['fastly', 'cdn', 'incident report'], absent: [] },
    { title: 'RCE 0-day exploit found in log4j, a popular Java logging package', present: ['log4j', '0-day', 'java'], absent: ['day', 'found'] },
    { title: 'Log4j explained', present: ['log4j'], absent: [] },
    { title: 'LOG4J patch released', present: ['log4j'], absent: [] },
    { title: 'GPT-3 writes code', present: ['gpt-3', 'code'], absent: ['writes', '3'] },
    { title: '0-Day Vulnerability', present: ['0-day', 'vulnerability'], absent: ['day'] },
    { title: 'Kubernetes k8s tips', present: ['kubernetes', 'k8s'], absent: [] },
    { title: 'IPv6 adoption hits 40%', present: ['ipv6', 'adoption'], absent: ['hits', '40'] },
    { title: 'Why C++, C# and .NET still matter', present: ['c++', 'c#', '.net'], absent: ['net', 'still'] },
    { title: 'Node.js on the Apple M1', present: ['node.js', 'm1', 'apple m1'], absent: [] },
    { title: 'Web3 is a scam', present: ['web3'], absent: [] },
    { title: 'AWS S3 outage', present: ['aws', 's3', 's3 outage'], absent: [] },
    { title: 'Windows 11 is out', present: ['windows 11'], absent: ['11'] },
    { title: 'What I learned upgrading to Windows 11', present: ['windows 11'], absent: [] },
    { title: 'CVE-2021-44228 explained', present: ['cve-2021-44228'], absent: ['2021'] },
    { title: 'Bitcoin crashes 20% overnight', present: ['bitcoin'], absent: ['crashes'] },
    { title: 'Apple launches a new iPad', present: ['apple', 'ipad'], absent: ['launches'] },
    { title: 'A history of rocket launches', present: ['launches'], absent: [] },
    { title: 'A 10-year-old bug in 64-bit Linux', present: ['bug', 'linux'], absent: ['year', '10-year', 'bit', '64-bit'] },
    { title: 'Part 2 of the series', present: [], absent: ['part 2'] },
    { title: 'Everything Is an Object', present: ['object'], absent: ['everything'] },
    { title: 'Encrypted Backups for Everyone', present: ['backups'], absent: ['encrypted'] },
    { title: 'M1-based laptops are here', present: ['m1'], absent: ['m1-based'] },
    { title: 'Nuxt v3 released', present: ['nuxt'], absent: ['v3'] },
  ])('$title', ({ title, present, absent }) => {
    const found = keys(title);
    expect(found).toEqual(expect.arrayContaining(present));
    for (const key of absent) expect(found).not.toContain(key);
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
