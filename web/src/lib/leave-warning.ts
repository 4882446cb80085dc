import { useEffect } from 'react';

/** What a person is asked before leaving a form with changes they have not saved. */
export const LEAVE_WARNING = 'You have unsaved changes. Leave this page and lose them?';

/** A click that would take this tab to another page of the app (not a new tab, a download or another site). */
function inAppNavigationOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return null;
  const to = new URL(link.href, window.location.href);
  if (to.origin !== window.location.origin) return null;
  return to.pathname === window.location.pathname && to.search === window.location.search ? null : link;
}

/**
 * While `active`, asks before the person leaves: the browser's own prompt on reload, close or a typed address, and
 * a confirm on a link to another page of the app. The click listener runs in the capture phase on the document, so
 * a refused navigation never reaches the router's own link handler.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows its prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!inAppNavigationOf(event) || window.confirm(LEAVE_WARNING)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active]);
}
