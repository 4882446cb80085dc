/**
 * The templates, React and the renderer, loaded on first use: @react-email/components takes seconds to import on a
 * busy machine, and most processes (and tests) that build the app never send an email. React must not be imported
 * at module load either: it picks its development or production build on first import, and server/main.ts sets
 * NODE_ENV only after the imports (the web app's server renderer needs the production one).
 */
let loading: Promise<Templates> | null = null;

export type Templates = typeof import('./kinds.tsx') & {
  render: typeof import('@react-email/render').render;
  toPlainText: typeof import('@react-email/render').toPlainText;
  h: typeof import('react').createElement;
};

export function templates(): Promise<Templates> {
  loading ??= Promise.all([import('./kinds.tsx'), import('@react-email/render'), import('react')]).then(([kinds, renderer, react]) => ({
    ...kinds,
    render: renderer.render,
    toPlainText: renderer.toPlainText,
    h: react.createElement,
  }));
  return loading;
}
