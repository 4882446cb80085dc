/**
 * Component tests (jsdom) wait up to 5 s for what they expect to appear: Testing Library's default of 1 s
 * was exceeded on a loaded CI machine. Server tests run without a DOM and skip this.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}

export {};
