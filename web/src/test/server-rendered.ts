/**
 * For tests of what the server renders and the app hydrates: a page as the server sends it, then hydrated as the
 * browser would, failing on any mismatch React reports.
 */
import { act } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';

/** A container in the document holding `markup` (by default, `page` rendered on the server), as a page holds it. */
export function serverRenderedInto(page: ReactNode, markup = renderToString(page)): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  return container;
}

/**
 * Hydrates `container` with `page`, checking it hydrated as it was sent (no mismatch for React to report), and
 * returns what unmounts it and takes the container out of the document.
 */
export async function hydrateAsSent(container: HTMLElement, page: ReactNode): Promise<() => void> {
  const errors = vi.spyOn(console, 'error');
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, page);
  });
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  return () => {
    flushSync(() => root?.unmount());
    container.remove();
  };
}
