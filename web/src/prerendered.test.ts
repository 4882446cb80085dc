import { describe, expect, it } from 'vitest';
import { APP_STATE_ELEMENT_ID, LANDING_PAGE_MARK, prerenderedRoot, renderedRootWithState, scriptSafeJson, START_AT_ONCE_ATTRIBUTE, withoutState } from './prerendered';

describe('scriptSafeJson', () => {
  it('cannot close its script element, and parses back to the same value', () => {
    const value = { title: '</script><script>alert(1)</script> <!-- x', other: 'a < b' };
    const json = scriptSafeJson(value);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('renderedRootWithState', () => {
  it('puts the data beside the marked root, in an element the browser does not run', () => {
    const html = renderedRootWithState('<p>page</p>', { a: 1 });
    expect(html).toBe(`<div id="root" data-prerendered><p>page</p></div><script type="application/json" id="${APP_STATE_ELEMENT_ID}">{"a":1}</script>`);
  });
});

describe('prerenderedRoot', () => {
  it("marks the landing page, and a page whose app must start at once (main.tsx reads both)", () => {
    expect(prerenderedRoot('<p>x</p>')).toBe('<div id="root" data-prerendered><p>x</p></div>');
    expect(prerenderedRoot('<p>x</p>', { mark: LANDING_PAGE_MARK })).toBe('<div id="root" data-prerendered="landing"><p>x</p></div>');
    expect(prerenderedRoot('<p>x</p>', { startAtOnce: true })).toBe(`<div id="root" data-prerendered ${START_AT_ONCE_ATTRIBUTE}><p>x</p></div>`);
  });
});

describe('withoutState', () => {
  it('is the rendered root without the data after it, for a root with data and one without', () => {
    const title = '<script type="application/json" id="app-state">';
    const root = prerenderedRoot('<h1>&lt;script type=&quot;application/json&quot; id=&quot;app-state&quot;&gt;</h1>');
    expect(withoutState(renderedRootWithState('<h1>&lt;script type=&quot;application/json&quot; id=&quot;app-state&quot;&gt;</h1>', { title }))).toBe(root);
    expect(withoutState(root)).toBe(root);
  });
});
