import { describe, expect, it } from 'vitest';
import { criticalCss, criticalStylePlace, fullStylesheetPath, parseStylesheet, withCriticalStyle, withFullStylesheetDisabled } from './critical-stylesheet.ts';

const critical = (css: string, markup: string) => criticalCss(parseStylesheet(css), markup);

describe('criticalCss', () => {
  it('chooses once for pages that decide alike, and again for one that reads another property', () => {
    const sheet = parseStylesheet(':root{--a:1px;--b:2px}.x{color:red}.y{color:blue}');
    expect(criticalCss(sheet, '<p class="x">one</p>')).toBe('.x{color:red}');
    expect(criticalCss(sheet, '<div class="x">another text</div>')).toBe('.x{color:red}');
    expect(sheet.chosenFor.size).toBe(1);
    expect(criticalCss(sheet, '<p class="x" style="margin:var(--b)">')).toBe(':root{--b:2px}.x{color:red}');
    expect(criticalCss(sheet, '<p class="y">')).toBe('.y{color:blue}');
    expect(sheet.chosenFor.size).toBe(3);
  });

  it('keeps a bounded number of choices', () => {
    const sheet = parseStylesheet('.x{color:red}');
    for (let page = 0; page < 200; page++) criticalCss(sheet, `<p class="c${page}">`);
    expect(sheet.chosenFor.size).toBeLessThanOrEqual(64);
    expect(criticalCss(sheet, '<p class="x">')).toBe('.x{color:red}');
  });

  it.each([
    // [what, stylesheet, markup, expected]
    ['a class the markup has', '.a{color:red}.b{color:blue}', '<p class="a">', '.a{color:red}'],
    ['one of several classes', '.a{color:red}.b{color:blue}', '<p class="x b y">', '.b{color:blue}'],
    ['a variant, escaped', '.hover\\:underline:hover{text-decoration-line:underline}', '<a class="hover:underline">', '.hover\\:underline:hover{text-decoration-line:underline}'],
    ['an arbitrary value, escaped', '.w-\\[3px\\]{width:3px}', '<i class="w-[3px]">', '.w-\\[3px\\]{width:3px}'],
    ['a fraction', '.w-1\\/2{width:50%}', '<i class="w-1/2">', '.w-1\\/2{width:50%}'],
    ['a digit escaped as a code point', '.\\32 xl\\:p-4{padding:1rem}', '<i class="2xl:p-4">', '.\\32 xl\\:p-4{padding:1rem}'],
    ['an HTML entity in the class', '.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}', '<i class="[&amp;>svg]:size-4">', '.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}'],
    ['a class named only in a selector list', '.a,.b{color:red}', '<i class="b">', '.a,.b{color:red}'],
    ['no class of a selector list', '.a,.b{color:red}', '<i class="c">', ''],
    ['a list with a selector of no key', '.a,:focus-visible{color:red}', '<i>', '.a,:focus-visible{color:red}'],
    ['an element of every page', 'body{margin:0}html,:host{color:red}', '', 'body{margin:0}html,:host{color:red}'],
    ['an element the markup has', 'a:hover{color:red}sub,sup{font-size:75%}table{border:0}', '<p><a href="/">x</a><sup>1</sup></p>', 'a:hover{color:red}sub,sup{font-size:75%}'],
    ['an element inside another', 'ol li{margin:0}nav>a{color:red}', '<nav><span>x</span></nav>', 'nav>a{color:red}'],
    ['an element only inside :where()', ':where(select:is([multiple])) optgroup{font-weight:bolder}:where(abbr) b{color:red}', '<b>', ':where(abbr) b{color:red}'],
    ['an element is not a key inside :not()', ':not(textarea){color:red}', '', ':not(textarea){color:red}'],
    ["a form field's parts", '::-webkit-datetime-edit{padding:0}::file-selector-button{margin:0}::placeholder{opacity:1}', '<p>', '::placeholder{opacity:1}'],
    ["a form field's parts, with one", '::-webkit-datetime-edit{padding:0}', '<input type="date">', '::-webkit-datetime-edit{padding:0}'],
    ['a declaration repeated later', '.a{content:var(--c);color:red;content:var(--c);order:1}', '<i class="a">', '.a{color:red;content:var(--c);order:1}'],
    ['a property set twice to different values', '.a{color:red;color:blue}', '<i class="a">', '.a{color:red;color:blue}'],
    ['a class inside :not() is not a key', ':not(.a) .b{color:red}', '<i class="b">', ':not(.a) .b{color:red}'],
    ['only a class inside :not()', 'p:not(.a){color:red}', '<p>', 'p:not(.a){color:red}'],
    ['the key is the first class', '.a .b{color:red}', '<i class="b">', ''],
    ['the dark theme, which the theme script sets', '.dark{color:white}', '', '.dark{color:white}'],
    ['a data attribute with its value', '[data-icon=flame]{order:1}[data-icon=zap]{order:2}', '<i data-icon="zap">', '[data-icon=zap]{order:2}'],
    ['a data attribute after a variant that reads like one', '[data-icon=zap]{order:2}', '<i class="a data-[state=open]:b" data-icon="zap">', '[data-icon=zap]{order:2}'],
    ['a data attribute quoted', '[data-icon="flame"]{order:1}', '<i data-icon="flame">', '[data-icon="flame"]{order:1}'],
    ['a data attribute without a value', '[data-icon]:before{content:""}', '', '[data-icon]:before{content:""}'],
    ['an attribute that is not data-', '[type=checkbox]{margin:0}', '', '[type=checkbox]{margin:0}'],
    ['a media query of unused rules', '@media (width>=40rem){.a{color:red}}', '<i class="b">', ''],
    ['a media query, only its used rules', '@media (width>=40rem){.a{color:red}.b{color:blue}}', '<i class="b">', '@media (width>=40rem){.b{color:blue}}'],
    ['a layer, kept empty for its order', '@layer base,utilities;@layer utilities{.a{color:red}}', '', '@layer base,utilities;@layer utilities{}'],
    ['nested groups', '@layer u{@supports (color:red){@media print{.a{color:red}.b{color:red}}}}', '<i class="a">', '@layer u{@supports (color:red){@media print{.a{color:red}}}}'],
    ['keyframes', '@keyframes ping{to{opacity:0}}', '', '@keyframes ping{to{opacity:0}}'],
    ['custom properties no kept rule reads', ':root{--a:1px;--b:2px}.x{margin:var(--b)}.y{margin:var(--a)}', '<i class="x">', ':root{--b:2px}.x{margin:var(--b)}'],
    ['custom properties nothing reads', ':root{--a:1px}', '', ''],
    ['custom properties read through another', ':root{--a:var(--b);--b:1px;--c:3px}.x{margin:var(--a)}', '<i class="x">', ':root{--a:var(--b);--b:1px}.x{margin:var(--a)}'],
    ['custom properties an inline style reads', ':root{--a:1px;--b:2px}', '<i style="margin:var(--a)">', ':root{--a:1px}'],
    ['custom properties of a class the markup lacks', '.dim{--a:1px}.x{margin:var(--a)}', '<i class="x">', '.x{margin:var(--a)}'],
    ['custom properties beside other declarations', ':root{--a:1px;color:red}', '', ':root{--a:1px;color:red}'],
    ['a registered property, read', '@property --x{syntax:"*";inherits:false}@property --y{syntax:"*";inherits:false}.a{--x:1;translate:var(--x)}', '<i class="a">', '@property --x{syntax:"*";inherits:false}.a{--x:1;translate:var(--x)}'],
    ['a brace in a string', '.a{content:"{"}.b{content:"}"}', '<i class="b">', '.b{content:"}"}'],
    ['comments', '/*! licence */.a{color:red}/* note */', '<i class="a">', '.a{color:red}'],
    ['a story title that reads like a class', '.evil{color:red}', '<script type="application/json">{"title":"class=\\"evil\\""}</script>', ''],
    ['no rule for a pointer hovering', '.a{color:red}@media (hover:hover){.a:hover{color:blue}}@layer u{@media (hover:hover){.b:hover{color:red}}}', '<i class="a b">', '.a{color:red}@layer u{}'],
    ['the dark variant, on a page that may be dark', '.a{color:red}.a:where(.dark,.dark *){color:blue}', '<i class="a">', '.a{color:red}.a:where(.dark,.dark *){color:blue}'],
  ])('%s', (_what, css, markup, expected) => {
    expect(critical(css, markup)).toBe(expected);
  });

  it("writes a page's own value of a property, made from the data values the page has, once for pages alike", () => {
    let made = 0;
    const sheet = parseStylesheet("[data-icon]{--sheet:all;--unread:1}[data-icon='a']{--at:0}[data-icon='b']{--at:2}[data-icon]::before{mask:var(--sheet) var(--at)}.x{color:red}", {
      '--sheet': (valuesOf) => `of(${[...valuesOf('data-icon')].sort().join(',')}|${valuesOf('data-other').join(',')})#${++made}`,
    });
    const rules = "[data-icon='a']{--at:0}[data-icon='b']{--at:2}[data-icon]::before{mask:var(--sheet) var(--at)}.x{color:red}";
    expect(criticalCss(sheet, '<i data-icon="b"></i><p class="x" data-icon="a" data-kind="c">')).toBe(`[data-icon]{--sheet:of(a,b|)#1}${rules}`);
    expect(criticalCss(sheet, '<p data-icon="a" class="x"><i data-icon="b">')).toBe(`[data-icon]{--sheet:of(a,b|)#1}${rules}`);
    expect(criticalCss(sheet, '<p class="x">')).toBe('[data-icon]{--sheet:of(|)#2}[data-icon]::before{mask:var(--sheet) var(--at)}.x{color:red}');
    expect(made).toBe(2);
    // Without page values, the stylesheet's own.
    expect(critical("[data-icon]{--sheet:all}[data-icon]::before{mask:var(--sheet)}", '<i data-icon="a">')).toBe('[data-icon]{--sheet:all}[data-icon]::before{mask:var(--sheet)}');
  });

  it("leaves the dark theme's rules out of a page that stays light until the app runs", () => {
    const css = ':root{--bg:white}.dark{--bg:black}.a{background:var(--bg)}.a:where(.dark,.dark *){color:gray}.b:where(.dark,.dark *),.b:focus{outline:0}';
    const sheet = parseStylesheet(css);
    expect(criticalCss(sheet, '<i class="a b">', false)).toBe(':root{--bg:white}.a{background:var(--bg)}.b:where(.dark,.dark *),.b:focus{outline:0}');
    expect(criticalCss(sheet, '<i class="a b">', true)).toBe(css);
    expect(criticalCss(sheet, '<i class="a b">')).toBe(css);
  });

  it('keeps every rule, in order, when the markup uses everything', () => {
    const css = '@layer theme{:root{--a:1}}@layer utilities{.a{z-index:var(--a)}@media print{.b{color:blue}}}[data-x=y]{--c:1}.c:hover{order:var(--c)}';
    expect(critical(css, '<i class="a b c" data-x="y">')).toBe(css);
  });

  it('refuses a stylesheet with a block left open', () => {
    expect(() => parseStylesheet('.a{color:red')).toThrow(/unclosed/);
  });
});

describe('the template and the page', () => {
  const INDEX = '<head><link rel="stylesheet" crossorigin href="/assets/index-Ab1.css"></head><div id="root"></div>';

  it('disables the full stylesheet in the template, and finds it there', () => {
    const template = withFullStylesheetDisabled(INDEX);
    expect(template).toBe('<head><link rel="stylesheet" crossorigin href="/assets/index-Ab1.css" disabled></head><div id="root"></div>');
    expect(fullStylesheetPath(template)).toBe('assets/index-Ab1.css');
    expect(fullStylesheetPath(INDEX)).toBeNull();
    expect(() => withFullStylesheetDisabled('<head></head>')).toThrow(/no stylesheet/);
  });

  it('puts the critical rules before the full stylesheet, whose rules then decide, or at the end of the head', () => {
    const template = withFullStylesheetDisabled(INDEX);
    expect(withCriticalStyle(template, 'p{margin:0}')).toBe(
      '<head><style>p{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-Ab1.css" disabled></head><div id="root"></div>',
    );
    expect(withCriticalStyle('<head><title>t</title></head><p>', 'p{margin:0}')).toBe('<head><title>t</title><style>p{margin:0}</style></head><p>');
    expect(() => withCriticalStyle('<p>', '')).toThrow(/no <\/head>/);
  });

  it('finds the place in a head given as bytes, counted in bytes', () => {
    const head = `<head><title>Café</title>${withFullStylesheetDisabled(INDEX).slice('<head>'.length)}`;
    const place = criticalStylePlace(Buffer.from(head));
    expect(place).toBe(criticalStylePlace(head) + 1);
    expect(Buffer.from(head).subarray(place).toString()).toMatch(/^<link rel="stylesheet"/);
  });
});
