/**
 * Build-time entry (scripts/build-web.ts): the app as a visitor without a session sees it at `/`, as HTML.
 * It renders the same tree main.tsx hydrates, so the browser adopts this markup instead of replacing it.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';
import { Providers } from './app/providers';
import { prerenderedRoot } from './prerendered';

export function renderLandingRoot(): string {
  const markup = renderToString(
    <StrictMode>
      <Providers>
        <Router ssrPath="/">
          <App prerenderedForVisitor />
        </Router>
      </Providers>
    </StrictMode>,
  );
  return prerenderedRoot(markup);
}
