/**
 * The part of the app's stylesheet a rendered page needs for its first paint: the rules whose selectors can match
 * its markup. A page the server renders (the landing page, the signed-in home, a story page) carries these inline
 * and the full stylesheet's link disabled, so its first paint needs the HTML alone (one response of a few round
 * trips on a slow network, where the full stylesheet inline took twice the bytes); the app enables the full
 * stylesheet when it starts (web/src/lib/full-stylesheet.ts), before it draws anything the server did not.
 *
 * A rule is left out when its selector names a class, a `data-*` attribute's value, or an element that is nowhere in
 * the markup: every selector of its list starts (its first class, attribute test or element) with one the page
 * lacks, so the reset's rules for `abbr`, `sub`, `table` or a date field's parts stay off pages without them. A
 * rule's declarations that repeat one later in it are dropped, as the later one wins anyway. Of the rules that only
 * set custom properties (the theme's colours, Tailwind's defaults for its `--tw-*` properties), and of `@property`
 * rules, only the properties something kept (or the markup) reads with `var()` stay; a custom property may have a
 * value of its own for each page, made from the `data-*` values the page uses (`StylesheetPageValues`: the sheet of
 * drawn icons holds the page's icons only). Anything else is kept: rules of the elements every page has and of
 * pseudo-classes alone, `@keyframes`, and every `@layer` block (empty ones too, as their first appearance orders the
 * layers).
 */

import type { StylesheetPageValues } from '../web/src/prerendered.ts';

/** A custom property's declaration, `--name:value`. */
interface Variable {
  name: string;
  text: string;
}

/**
 * A part of the stylesheet, kept whole or left out by the keys of its selectors (null: kept on every page); a rule
 * of the dark theme only (`dark`) is also left out of a page that cannot be dark before the app runs.
 */
type Part =
  | { kind: 'rule'; keys: readonly string[] | null; dark: boolean; text: string }
  /** A rule that only sets custom properties: each is kept if something reads it. */
  | { kind: 'variables'; keys: readonly string[] | null; dark: boolean; selector: string; variables: readonly Variable[] }
  /** `@property --name {…}`: kept if something reads the property. */
  | { kind: 'property'; name: string; text: string }
  /** A conditional group (`@media`, `@supports`, `@layer`) of parts, kept when something in it is. */
  | { kind: 'group'; open: string; parts: readonly Part[]; keepEmpty: boolean };

/** What a page's choice holds before the custom properties are chosen: text, or the parts decided by what is read. */
type Chosen = string | Extract<Part, { kind: 'variables' | 'property' }>;

export interface ParsedStylesheet {
  readonly parts: readonly Part[];
  readonly pageValues: StylesheetPageValues;
  /** Each key some selector starts with, numbered: which of them a page has decides its rules, and nothing else does. */
  readonly keyIndex: ReadonlyMap<string, number>;
  /** The keys' numbers of each attribute seen (its text up to the closing quote), kept across pages. */
  readonly keysOfAttribute: Map<string, number[]>;
  /** Finds, in markup, the opening tags of the elements some selector names as its key; null when none does. */
  readonly elementTags: RegExp | null;
  /**
   * The rules chosen for a page, by what decides them (the markup's keys and the custom properties it reads): pages
   * of a kind (story pages, homes) share their few sets, and choosing and joining the rules took a millisecond.
   */
  readonly chosenFor: Map<string, string>;
}

/** How many choices a stylesheet keeps; the oldest goes first. */
const CHOICES_KEPT = 64;

/**
 * The block of the rules for a pointer hovering (Tailwind's `hover:` variant): left out of every page, as a pointer
 * moving over the page starts the app (web/src/page-start.ts), which enables the full stylesheet.
 */
const HOVER_BLOCK = /^@media\s*\(\s*hover\s*:\s*hover\s*\)$/i;

/** At-rules whose block holds rules to choose from; any other at-rule (`@keyframes`, `@font-face`) is kept whole. */
const GROUPING_AT_RULE = /^@(?:media|supports|layer|container)\b/i;

/**
 * The class that turns a page dark, on its root element, which the markup does not show: the server puts it there
 * for a person whose theme is dark, and the theme script (web/theme-init-script.ts) for a visitor whose browser
 * stored the dark theme.
 */
const DARK_THEME_CLASS = 'dark';

/** How the app's stylesheet writes its `dark:` variant (web/src/index.css): the element or one around it is dark. */
const DARK_VARIANT = ':where(.dark,.dark *)';

/** Prefixes that keep a class's key, an attribute's key and an element's key apart. */
const CLASS_KEY = '.';
const ATTRIBUTE_KEY = '[';
const ELEMENT_KEY = '<';

/** Elements every page has outside the rendered root, whose rules are therefore never left out. */
const ELEMENTS_OF_EVERY_PAGE = new Set(['html', 'head', 'body', 'meta', 'link', 'script', 'style', 'title']);

/** Pseudo-elements that only form fields have (the reset styles a date field's parts): a page without one needs none. */
const FORM_FIELD_PSEUDO_ELEMENT = /^::(?:-webkit-|file-selector-button)/i;

/** A custom property read: `var(--name`. */
const VARIABLE_READ = /var\(\s*(--[\w-]+)/g;

export function parseStylesheet(css: string, pageValues: StylesheetPageValues = {}): ParsedStylesheet {
  const parts = parseBlock(css, 0, css.length);
  const keys = new Set<string>();
  const collect = (part: Part) => {
    if (part.kind === 'group') part.parts.forEach(collect);
    else if (part.kind !== 'property') part.keys?.forEach((key) => keys.add(key));
  };
  parts.forEach(collect);
  const elements = [...keys].filter((key) => key.startsWith(ELEMENT_KEY)).map((key) => key.slice(ELEMENT_KEY.length));
  const elementTags = elements.length === 0 ? null : new RegExp(`<(${elements.join('|')})[\\s/>]`, 'g');
  return { parts, pageValues, keyIndex: new Map([...keys].map((key, index) => [key, index])), keysOfAttribute: new Map(), elementTags, chosenFor: new Map() };
}

/**
 * The stylesheet's rules that `markup` (HTML) may use, in their order. `darkThemePossible`: whether the page may be
 * dark before the app runs; a person's page in their light theme stays light until then (the theme script leaves
 * it alone), and needs no rule of the dark one.
 */
export function criticalCss(sheet: ParsedStylesheet, markup: string, darkThemePossible = true): string {
  const used = keysUsed(sheet, markup, darkThemePossible);
  const readByMarkup = variablesReadIn(markup);
  const decidedBy = `${Buffer.from(used).toString('latin1')}|${[...readByMarkup].sort().join(' ')}|${darkThemePossible}`;
  let css = sheet.chosenFor.get(decidedBy);
  if (css === undefined) {
    const usedKeys = new Set<string>();
    for (const [key, index] of sheet.keyIndex) if (used[index]) usedKeys.add(key);
    css = chooseCss(sheet, { keys: usedKeys, dark: darkThemePossible }, readByMarkup);
    if (sheet.chosenFor.size >= CHOICES_KEPT) sheet.chosenFor.delete(sheet.chosenFor.keys().next().value!);
    sheet.chosenFor.set(decidedBy, css);
  }
  return css;
}

/** What a page has that decides its rules: the keys its markup uses, and whether it may be dark. */
interface PageKeys {
  keys: ReadonlySet<string>;
  dark: boolean;
}

function chooseCss(sheet: ParsedStylesheet, used: PageKeys, readByMarkup: ReadonlySet<string>): string {
  const chosen: Chosen[] = [];
  for (const part of sheet.parts) choose(part, used, chosen);
  const read = readVariables(chosen, readByMarkup);
  let css = '';
  for (const item of chosen) {
    if (typeof item === 'string') css += item;
    else if (item.kind === 'property') css += read.has(item.name) ? item.text : '';
    else {
      const kept = item.variables.filter((variable) => read.has(variable.name));
      if (kept.length > 0) css += `${item.selector}{${kept.map((variable) => pageVariable(sheet.pageValues, variable, used.keys)).join(';')}}`;
    }
  }
  return css;
}

/** A custom property's declaration for a page with the `used` keys: its page value if it has one. */
function pageVariable(pageValues: StylesheetPageValues, variable: Variable, used: ReadonlySet<string>): string {
  const pageValue = pageValues[variable.name];
  if (!pageValue) return variable.text;
  const valuesOf = (dataAttribute: string) => {
    const prefix = `${ATTRIBUTE_KEY}${dataAttribute}=`;
    return [...used].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length));
  };
  return `${variable.name}:${pageValue(valuesOf)}`;
}

/** Adds what `part` keeps for a page with the `used` keys to `chosen`; whether it kept anything. */
function choose(part: Part, used: PageKeys, chosen: Chosen[]): boolean {
  switch (part.kind) {
    case 'property':
      chosen.push(part);
      return true;
    case 'rule':
    case 'variables': {
      if (part.keys && !part.keys.some((key) => used.keys.has(key))) return false;
      if (part.dark && !used.dark) return false;
      chosen.push(part.kind === 'rule' ? part.text : part);
      return true;
    }
    case 'group': {
      const start = chosen.length;
      chosen.push(`${part.open}{`);
      let kept = false;
      for (const child of part.parts) kept = choose(child, used, chosen) || kept;
      if (!kept && !part.keepEmpty) {
        chosen.length = start;
        return false;
      }
      chosen.push('}');
      return true;
    }
  }
}

/** The custom properties `text` reads with `var()`. */
function variablesReadIn(text: string): Set<string> {
  const read = new Set<string>();
  for (const [, name] of text.matchAll(VARIABLE_READ)) read.add(name!);
  return read;
}

/**
 * The custom properties read by the chosen text or the markup (an inline style: `readByMarkup`), and by the values of
 * those read, until no more are found.
 */
function readVariables(chosen: readonly Chosen[], readByMarkup: ReadonlySet<string>): Set<string> {
  const read = new Set<string>();
  const pending: string[] = [];
  const readName = (name: string) => {
    if (read.has(name)) return;
    read.add(name);
    pending.push(name);
  };
  const readIn = (text: string) => {
    for (const [, name] of text.matchAll(VARIABLE_READ)) readName(name!);
  };
  readByMarkup.forEach(readName);
  readIn(chosen.filter((item) => typeof item === 'string').join(''));
  const settings = new Map<string, string[]>();
  for (const item of chosen) {
    if (typeof item === 'string' || item.kind !== 'variables') continue;
    for (const variable of item.variables) settings.set(variable.name, [...(settings.get(variable.name) ?? []), variable.text]);
  }
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) settings.get(name)?.forEach(readIn);
  return read;
}

/**
 * Which of the stylesheet's keys (by their number in `keyIndex`, 1 for each one present) the markup has: its classes,
 * `data-*` attribute values and elements. Found with indexOf rather than one regular expression, and each attribute's
 * keys looked up once for all pages (`keysOfAttribute`): the markup of a home is some 90 KB, a thousand attributes of
 * a hundred or so distinct values.
 */
function keysUsed(sheet: ParsedStylesheet, markup: string, darkThemePossible: boolean): Uint8Array {
  const used = new Uint8Array(sheet.keyIndex.size);
  const useAttribute = (attribute: string) => {
    let indexes = sheet.keysOfAttribute.get(attribute);
    if (indexes === undefined) {
      if (sheet.keysOfAttribute.size >= ATTRIBUTES_KEPT) sheet.keysOfAttribute.clear();
      indexes = attributeKeys(attribute).flatMap((key) => sheet.keyIndex.get(key) ?? []);
      sheet.keysOfAttribute.set(attribute, indexes);
    }
    for (const index of indexes) used[index] = 1;
  };
  if (darkThemePossible) useAttribute(`class="${DARK_THEME_CLASS}`);
  for (const prefix of [CLASS_ATTRIBUTE, DATA_ATTRIBUTE]) {
    for (let at = markup.indexOf(prefix); at !== -1; at = markup.indexOf(prefix, at)) {
      const start = at + 1;
      at = markup.indexOf('="', start);
      if (at === -1) break;
      // A data attribute's name, up to its '=': anything else (` data-` in a class or a text) is not one.
      if (prefix === DATA_ATTRIBUTE && !/^[\w-]+$/.test(markup.slice(start + DATA_ATTRIBUTE.length - 1, at))) {
        at = start;
        continue;
      }
      at = markup.indexOf('"', at + 2);
      if (at === -1) break;
      useAttribute(markup.slice(start, at));
    }
  }
  if (sheet.elementTags) for (const [, tag] of markup.matchAll(sheet.elementTags)) used[sheet.keyIndex.get(ELEMENT_KEY + tag)!] = 1;
  return used;
}

/** An attribute's keys, from its text up to the closing quote: `class="a b` or `data-icon="zap`. */
function attributeKeys(attribute: string): string[] {
  const equals = attribute.indexOf('=');
  const value = decodeAttribute(attribute.slice(equals + 2));
  if (attribute.startsWith('class=')) return value.split(/\s+/).filter(Boolean).map((name) => CLASS_KEY + name);
  return [`${ATTRIBUTE_KEY}${attribute.slice(0, equals)}=${value}`];
}

/** How many attributes' keys a stylesheet keeps (a page's values repeat from page to page, a title's never reach here). */
const ATTRIBUTES_KEPT = 10_000;

/** How React's server renderer writes a class attribute and the start of a `data-*` one. */
const CLASS_ATTRIBUTE = ' class="';
const DATA_ATTRIBUTE = ' data-';

const HTML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };

/** An attribute value as written by React's server renderer: its escapes undone. */
function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(?:#x([\da-f]+)|#(\d+)|(\w+));/gi, (entity, hex?: string, decimal?: string, name?: string) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    if (decimal) return String.fromCodePoint(parseInt(decimal, 10));
    return HTML_ENTITIES[name!.toLowerCase()] ?? entity;
  });
}

/** The parts of the stylesheet text between `start` and `end`: statements and blocks at one level. */
function parseBlock(css: string, start: number, end: number): Part[] {
  const parts: Part[] = [];
  let at = start;
  while ((at = pastSpaceAndComments(css, at, end)) < end) {
    const stop = nextStop(css, at, end);
    const prelude = css.slice(at, stop).trim();
    if (stop === end || css[stop] === ';') {
      // A statement (`@layer a, b;`, `@import …;`) or trailing text.
      if (prelude) parts.push({ kind: 'rule', keys: null, dark: false, text: css.slice(at, Math.min(stop + 1, end)).trim() });
      at = stop + 1;
      continue;
    }
    const close = matchingBrace(css, stop, end);
    if (!HOVER_BLOCK.test(prelude)) parts.push(blockPart(css, prelude, stop, close));
    at = close + 1;
  }
  return parts;
}

/** The part of a block: its `prelude` (selectors or at-rule) then its braces, at `open` and `close` in `css`. */
function blockPart(css: string, prelude: string, open: number, close: number): Part {
  if (GROUPING_AT_RULE.test(prelude)) return { kind: 'group', open: prelude, parts: parseBlock(css, open + 1, close), keepEmpty: /^@layer\b/i.test(prelude) };
  const text = `${prelude}${css.slice(open, close + 1)}`;
  if (prelude.startsWith('@')) {
    const property = /^@property\s+(--[\w-]+)$/i.exec(prelude);
    return property ? { kind: 'property', name: property[1]!, text } : { kind: 'rule', keys: null, dark: false, text };
  }
  const keys = selectorKeys(prelude);
  const dark = splitTopLevel(prelude).every((selector) => selector.includes(DARK_VARIANT));
  const body = css.slice(open + 1, close);
  const variables = onlyVariables(body);
  if (variables) return { kind: 'variables', keys, dark, selector: prelude, variables };
  return { kind: 'rule', keys, dark, text: body.includes('{') ? text : `${prelude}{${lastOfEach(body)}}` };
}

/** A rule's declarations when every one sets a custom property (and nothing is nested in it), else null. */
function onlyVariables(body: string): Variable[] | null {
  if (body.includes('{')) return null;
  const variables: Variable[] = [];
  for (const declaration of splitTopLevel(body, ';')) {
    const text = declaration.trim();
    if (!text) continue;
    const name = /^(--[\w-]+)\s*:/.exec(text)?.[1];
    if (!name) return null;
    variables.push({ name, text });
  }
  return variables.length > 0 ? variables : null;
}

/**
 * A rule's declarations with each one that is repeated later, exactly, left out: the minifier merging rules wrote
 * `content:var(--tw-content)` fifteen times in one.
 */
function lastOfEach(body: string): string {
  const declarations = splitTopLevel(body, ';').map((declaration) => declaration.trim());
  return declarations.filter((declaration, index) => declaration !== '' && declarations.indexOf(declaration, index + 1) === -1).join(';');
}

/** Where the text from `at` on is neither white space nor a comment (a licence comment is not needed inline). */
function pastSpaceAndComments(css: string, at: number, end: number): number {
  while (at < end) {
    if (/\s/.test(css[at]!)) at++;
    else if (css[at] === '/' && css[at + 1] === '*') at = commentEnd(css, at, end) + 1;
    else break;
  }
  return at;
}

/** Where the next `{` or `;` is at this level, past strings and comments; `end` when there is none. */
function nextStop(css: string, from: number, end: number): number {
  for (let at = from; at < end; at++) {
    const char = css[at];
    if (char === '{' || char === ';') return at;
    if (char === '"' || char === "'") at = stringEnd(css, at, end);
    else if (char === '/' && css[at + 1] === '*') at = commentEnd(css, at, end);
  }
  return end;
}

function matchingBrace(css: string, open: number, end: number): number {
  let depth = 0;
  for (let at = open; at < end; at++) {
    const char = css[at];
    if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return at;
    else if (char === '"' || char === "'") at = stringEnd(css, at, end);
    else if (char === '/' && css[at + 1] === '*') at = commentEnd(css, at, end);
  }
  throw new Error('the stylesheet has an unclosed block');
}

/** The index of the quote that closes the string opened at `open`. */
function stringEnd(text: string, open: number, end: number): number {
  const quote = text[open];
  for (let at = open + 1; at < end; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === quote) return at;
  }
  return end;
}

function commentEnd(css: string, open: number, end: number): number {
  const close = css.indexOf('*/', open + 2);
  return close === -1 || close >= end ? end : close + 1;
}

/**
 * The keys of a selector list, one for each selector, or null when one of them has none (so the rule may match any
 * page): a selector's key is its first class, or its first `data-*` attribute compared to a value, outside `:not()`.
 */
function selectorKeys(selectorList: string): string[] | null {
  const keys: string[] = [];
  for (const selector of splitTopLevel(selectorList, ',')) {
    const key = firstKey(selector);
    if (key === null) return null;
    keys.push(key);
  }
  return keys;
}

/** A selector list's selectors (or a block's declarations): split at the commas (semicolons) outside brackets, parentheses and strings. */
function splitTopLevel(list: string, separator = ','): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let from = 0;
  for (let at = 0; at < list.length; at++) {
    const char = list[at];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === '"' || char === "'") at = stringEnd(list, at, list.length);
    else if (char === '\\') at++;
    else if (char === separator && depth === 0) {
      selectors.push(list.slice(from, at));
      from = at + 1;
    }
  }
  selectors.push(list.slice(from));
  return selectors;
}

function firstKey(selector: string): string | null {
  selector = selector.trim();
  let depth = 0;
  for (let at = 0; at < selector.length; at++) {
    const char = selector[at]!;
    if (depth === 0 && /[a-z]/i.test(char) && (at === 0 || /[\s>+~]/.test(selector[at - 1]!))) {
      // An element's name, where a compound selector starts and outside any :is()/:where(), so the page must have it.
      const name = readIdentifier(selector, at).toLowerCase();
      if (!ELEMENTS_OF_EVERY_PAGE.has(name)) return ELEMENT_KEY + name;
      at += name.length - 1;
    } else if (char === ':' && selector[at + 1] === ':' && FORM_FIELD_PSEUDO_ELEMENT.test(selector.slice(at))) return `${ELEMENT_KEY}input`;
    // What :not() names must be absent, which says nothing about what the page has.
    else if (char === '(' && /:not$/i.test(selector.slice(0, at))) at = closingParenthesis(selector, at);
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '\\') at++;
    else if (char === '"' || char === "'") at = stringEnd(selector, at, selector.length);
    else if (char === '.') {
      const name = readIdentifier(selector, at + 1);
      if (name) return CLASS_KEY + name;
    } else if (char === '[') {
      const close = closingBracket(selector, at);
      const key = attributeKey(selector.slice(at + 1, close));
      if (key) return key;
      at = close;
    }
  }
  return null;
}

/** `data-name=value` (the value bare or quoted) as a key; null for any other attribute test. */
function attributeKey(test: string): string | null {
  const match = /^\s*(data-[\w-]+)\s*=\s*(?:"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|([^\s\]]+))\s*$/.exec(test);
  if (!match) return null;
  const value = match[2] ?? match[3] ?? match[4]!;
  return `${ATTRIBUTE_KEY}${match[1]}=${unescapeCss(value)}`;
}

function closingBracket(selector: string, open: number): number {
  for (let at = open + 1; at < selector.length; at++) {
    const char = selector[at];
    if (char === '\\') at++;
    else if (char === '"' || char === "'") at = stringEnd(selector, at, selector.length);
    else if (char === ']') return at;
  }
  return selector.length;
}

function closingParenthesis(selector: string, open: number): number {
  let depth = 0;
  for (let at = open; at < selector.length; at++) {
    const char = selector[at];
    if (char === '\\') at++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return at;
  }
  return selector.length;
}

/** A CSS identifier starting at `from`, with its escapes undone (`hover\:x` is the class `hover:x`). */
function readIdentifier(text: string, from: number): string {
  let at = from;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '\\') {
      const hex = /^[\da-f]{1,6} ?/i.exec(text.slice(at + 1, at + 8));
      at += hex ? 1 + hex[0].length : 2;
    } else if (/[\w-]/.test(char) || char.charCodeAt(0) > 0x7f) at++;
    else break;
  }
  return unescapeCss(text.slice(from, at));
}

function unescapeCss(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(/\\(?:([\da-f]{1,6}) ?|(.))/gi, (_, hex?: string, char?: string) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : char!));
}

/** The full stylesheet's link as Vite writes it in index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/;
/** The same link disabled, in a rendered page's template: its stylesheet is not fetched until the app enables it. */
const DISABLED_STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)" disabled>/;

/**
 * A rendered page's template: index.html with its stylesheet's link disabled. The link stays, so that Vite's chunk
 * loader knows the stylesheet is on the page and never adds it a second time.
 */
export function withFullStylesheetDisabled(html: string): string {
  if (!STYLESHEET_LINK.test(html)) throw new Error('index.html has no stylesheet link');
  return html.replace(STYLESHEET_LINK, (link) => link.replace('>', ' disabled>'));
}

/** The path of the full stylesheet a rendered page's template links (`assets/….css`), or null. */
export function fullStylesheetPath(template: string): string | null {
  return DISABLED_STYLESHEET_LINK.exec(template)?.[1] ?? null;
}

const HEAD_END = '</head>';
const STYLESHEET_LINK_START = '<link rel="stylesheet"';

/**
 * Where a page's critical rules go: just before the full stylesheet's link, or at the end of a head without one.
 * Once the app enables the full stylesheet its rules come later and decide: the page's rules leave out variants it
 * does not need yet (the dark theme for a person in the light one), and a plain rule of the page written after
 * the full stylesheet would beat its dark variant of the same weight when the person switches theme. A string or
 * the bytes of one (an offset in bytes then); throws on a text that is no head.
 */
export function criticalStylePlace(head: { indexOf(search: string): number }): number {
  const link = head.indexOf(STYLESHEET_LINK_START);
  if (link !== -1) return link;
  const end = head.indexOf(HEAD_END);
  if (end === -1) throw new Error(`the page has no ${HEAD_END}`);
  return end;
}

/** The element that carries a page's critical rules. */
export function criticalStyleElement(css: string): string {
  return `<style>${css}</style>`;
}

/** A page's head (or the whole page) with its critical rules in their place (criticalStylePlace). */
export function withCriticalStyle(page: string, css: string): string {
  const place = criticalStylePlace(page);
  return `${page.slice(0, place)}${criticalStyleElement(css)}${page.slice(place)}`;
}
