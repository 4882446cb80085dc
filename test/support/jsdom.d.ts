/** The little of jsdom the feed tests use (jsdom ships no types; its DOMParser parses XML strictly, with saxes). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: { DOMParser: new () => { parseFromString(text: string, type: 'application/xml'): unknown } };
  }
}
