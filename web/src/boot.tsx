/** Starts the app: hydrates the prerendered landing page, or renders into the empty root. Loaded by main.tsx. */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app/app';
import { prefetchAppState, prefetchSignedInHome } from './app/prefetch';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { PRERENDERED_ATTRIBUTE } from './prerendered';

const container = document.getElementById('root')!;
// Visitors without a session get the landing page already rendered in the HTML (see server/web.ts): hydrate it.
const prerendered = container.hasAttribute(PRERENDERED_ATTRIBUTE);
const queryClient = createQueryClient();
// The prerendered page is on screen already and needs no answer to hydrate; answers arriving in the middle of
// hydration would make React finish it in one blocking pass, so it asks once hydration is under way (its effects).
if (!prerendered) {
  prefetchAppState(queryClient);
  if (window.location.pathname === '/') prefetchSignedInHome(queryClient);
}
const app = (
  <StrictMode>
    <Providers client={queryClient}>
      {/* The same tree as web/src/prerender.tsx (which gives the Router the path to render), so hydration matches. */}
      <Router>
        <App prerenderedForVisitor={prerendered} />
      </Router>
    </Providers>
  </StrictMode>
);
// As a transition, the first render (or hydration) yields to the browser every few milliseconds instead of
// holding the main thread until the whole page is done, so a tap or a scroll is never kept waiting long.
startTransition(() => {
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
