/**
 * Word lists for synthetic stories. Titles only need to look plausible in a list and give the
 * client some variety (prefixes, HTML entities, lengths); none of this is real data.
 */
import { intBetween, pick } from './prng.ts';

const ADJECTIVES = [
  'fast', 'tiny', 'open-source', 'distributed', 'minimal', 'secure', 'modern', 'hidden', 'strange',
  'forgotten', 'practical', 'simple', 'real-time', 'functional', 'portable', 'self-hosted', 'lossless',
  'incremental', 'quiet', 'unreasonable', 'new', 'old', 'better', 'small', 'experimental',
];
const NOUNS = [
  'compiler', 'database', 'text editor', 'web server', 'garbage collector', 'type system', 'kernel',
  'search engine', 'spreadsheet', 'browser', 'terminal', 'shell', 'scheduler', 'file system', 'game engine',
  'password manager', 'static site generator', 'key-value store', 'parser', 'protocol', 'synthesizer',
  'telescope', 'battery', 'microcontroller', 'satellite', 'keyboard', 'bicycle', 'city', 'startup',
];
const PLURALS = [
  'programmers', 'startups', 'databases', 'engineers', 'cities', 'bees', 'students', 'managers',
  'remote teams', 'monorepos', 'microservices', 'open-source maintainers', 'physicists', 'farmers',
];
const TECH = [
  'Rust', 'Go', 'Python', 'TypeScript', 'Zig', 'Haskell', 'SQLite', 'Postgres', 'WebAssembly', 'Lisp',
  'Erlang', 'OCaml', 'C', 'Elixir', 'Kubernetes', 'Linux', 'FreeBSD', 'Emacs', 'Vim', 'RISC-V',
];
const VERBS = ['built', 'rewrote', 'scaled', 'debugged', 'replaced', 'shipped', 'designed', 'benchmarked', 'open-sourced'];
const TOPICS = [
  'the transistor', 'Unix', 'the spreadsheet', 'typography', 'maps', 'the metric system', 'cryptography',
  'the mechanical watch', 'email', 'the shipping container', 'color', 'sleep', 'memory', 'the calendar',
];
const COMPANIES = ['Lumen', 'Quill', 'Parcel', 'Orbit', 'Tessel', 'Brightwave', 'Kiln', 'Northwind', 'Ferrous', 'Atlas'];
const ROLES = ['Senior Backend Engineer', 'Founding Engineer', 'Product Designer', 'SRE', 'Data Engineer', 'Engineering Manager'];
const NAMES = [
  'alex', 'sam', 'jo', 'kim', 'noor', 'ravi', 'mila', 'oskar', 'yuki', 'lena', 'tomas', 'ines', 'dev', 'pat',
  'zed', 'ada', 'bob', 'chen', 'femi', 'hugo', 'ivan', 'jules', 'kofi', 'lars', 'maya', 'nico',
];
const NAME_SUFFIXES = ['', '', '', 'x', 'dev', 'hn', '_', 'b', 'ster', 'io'];
const NEWS_DOMAINS = [
  'github.com', 'nytimes.com', 'arstechnica.com', 'theverge.com', 'arxiv.org', 'medium.com', 'bbc.com',
  'en.wikipedia.org', 'theguardian.com', 'wired.com', 'lwn.net', 'quantamagazine.org', 'youtube.com',
  'substack.com', 'nature.com', 'bloomberg.com', 'economist.com', 'gitlab.com',
];
const TLDS = ['com', 'dev', 'io', 'org', 'net', 'blog'];

/** Titles with HTML entities, written as the API's HTML-escaped form. */
const ENTITY_TITLES: ((random: () => number) => string)[] = [
  (r) => `Don&#x27;t use ${pick(r, TECH)} for your ${pick(r, NOUNS)}`,
  (r) => `${pick(r, TECH)} &amp; ${pick(r, TECH)}: a ${pick(r, ADJECTIVES)} comparison`,
  (r) => `The &quot;${pick(r, ADJECTIVES)}&quot; ${pick(r, NOUNS)} that wasn&#x27;t`,
  (r) => `It&#x27;s time to rethink the ${pick(r, NOUNS)}`,
  (r) => `${pick(r, PLURALS).replace(/^./, (c) => c.toUpperCase())} &amp; the ${pick(r, ADJECTIVES)} ${pick(r, NOUNS)}`,
  (r) => `Why ${pick(r, TECH)}&#x27;s ${pick(r, NOUNS)} is &gt; 10x faster`,
];

const PLAIN_TITLES: ((random: () => number) => string)[] = [
  (r) => `A ${pick(r, ADJECTIVES)} ${pick(r, NOUNS)} in ${pick(r, TECH)}`,
  (r) => `How we ${pick(r, VERBS)} our ${pick(r, NOUNS)} with ${pick(r, TECH)}`,
  (r) => `The ${pick(r, ADJECTIVES)} history of ${pick(r, TOPICS)}`,
  (r) => `Why ${pick(r, PLURALS)} love ${pick(r, ADJECTIVES)} ${pick(r, NOUNS)}s`,
  (r) => `${pick(r, TECH)} ${intBetween(r, 1, 9)}.${intBetween(r, 0, 20)} released`,
  (r) => `Writing a ${pick(r, NOUNS)} from scratch`,
  (r) => `What ${pick(r, PLURALS)} get wrong about ${pick(r, TOPICS)}`,
  (r) => `${pick(r, TOPICS).replace(/^./, (c) => c.toUpperCase())} (${intBetween(r, 1960, 2021)})`,
];

export function storyTitle(random: () => number): string {
  return random() < 0.2 ? pick(random, ENTITY_TITLES)(random) : pick(random, PLAIN_TITLES)(random);
}

export function askTitle(random: () => number): string {
  const question = pick(random, [
    () => `How do you ${pick(random, ['learn', 'test', 'deploy', 'document', 'back up'])} your ${pick(random, NOUNS)}?`,
    () => `What&#x27;s your favorite ${pick(random, NOUNS)}?`,
    () => `Is anyone still using ${pick(random, TECH)} in production?`,
    () => `Those who switched careers into ${pick(random, TECH)}, how did it go?`,
    () => `Best resources to learn ${pick(random, TECH)}?`,
  ]);
  return `Ask HN: ${question()}`;
}

export function showTitle(random: () => number): string {
  const name = pick(random, COMPANIES) + pick(random, ['', 'DB', 'ly', 'kit', 'JS', 'Hub']);
  return `Show HN: ${name} – A ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)} for ${pick(random, PLURALS)}`;
}

/** Show HN links go to the project: its repository or its own site. */
export function showUrl(random: () => number, title: string, by: string): string {
  const name = (/^Show HN: (\S+)/.exec(title)?.[1] ?? 'project').toLowerCase();
  return random() < 0.5 ? `https://github.com/${by}/${name}` : `https://${name}.${pick(random, TLDS)}/`;
}

/** Job ads link to the company's jobs page. */
export function jobUrl(title: string): string {
  const company = (/^(\S+)/.exec(title)?.[1] ?? 'company').toLowerCase();
  return `https://www.ycombinator.com/companies/${company}/jobs`;
}

export function pollTitle(random: () => number): string {
  return `Poll: Which ${pick(random, NOUNS)} do you use?`;
}

export function jobTitle(random: () => number): string {
  const season = pick(random, ['W', 'S']) + String(intBetween(random, 10, 22));
  return `${pick(random, COMPANIES)} (YC ${season}) is hiring a ${pick(random, ROLES)}`;
}

/** An HTML body like the API's `text`: paragraphs separated by `<p>`, entity-escaped. */
export function postText(random: () => number): string {
  const sentences = [
    `I&#x27;ve been working on a ${pick(random, NOUNS)} for a while and I&#x27;m curious how others approach it.`,
    `We tried ${pick(random, TECH)} &amp; ${pick(random, TECH)} but neither felt right.`,
    `Any pointers are welcome.`,
    `For context: our team is small (${intBetween(random, 2, 12)} people) and we ship weekly.`,
  ];
  return sentences.slice(0, intBetween(random, 2, 4)).join('<p>');
}

export function author(random: () => number): string {
  const digits = random() < 0.3 ? String(intBetween(random, 1, 99)) : '';
  return pick(random, NAMES) + pick(random, NAME_SUFFIXES) + digits;
}

export function storyUrl(random: () => number, title: string): string {
  const domain =
    random() < 0.6 ? pick(random, NEWS_DOMAINS) : `${pick(random, NAMES)}${pick(random, ['blog', 'notes', 'labs', 'writes'])}.${pick(random, TLDS)}`;
  const slug = title
    .replace(/&[#a-z0-9]+;/gi, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `https://${domain}/${slug}`;
}

export function pollOptionText(random: () => number): string {
  return pick(random, TECH);
}
