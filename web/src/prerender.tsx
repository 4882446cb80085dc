/**
 * Build-time entry (scripts/build-web.ts): the pages' first markup, rendered to HTML.
 */

/**
 * The app as a visitor without a session sees it at `/`. It renders the same tree boot.tsx hydrates, so the
 * browser adopts this markup instead of replacing it.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/app';
import { Providers } from './app/providers';
import { LoadingScreen } from './components/loading-screen';
import { loadingRoot, prerenderedRoot } from './prerendered';

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

/**
 * Every other page: 'Loading...' as the HTML holds it, so something paints before the app's code has arrived.
 * The app renders the same screen first (while it checks who is signed in) and replaces it.
 */
export function renderLoadingRoot(): string {
  return loadingRoot(renderToString(<LoadingScreen />));
}
