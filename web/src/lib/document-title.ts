import { useEffect } from 'react';

export const PRODUCT_NAME = 'HN Trends';
/** Spec part 1 §2: the product name followed by a tagline about Hacker-News-style trends. */
export const DEFAULT_TITLE = `${PRODUCT_NAME} - Hacker News trends, as they happen`;

export function pageTitle(page?: string): string {
  return page ? `${page} | ${DEFAULT_TITLE}` : DEFAULT_TITLE;
}

/** Sets the document title while a page is shown: '{page} | {default title}', or the default title. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
