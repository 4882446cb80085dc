import { useQuery, type QueryClient } from '@tanstack/react-query';
import { SITE_CREDIT_ELEMENT_ID, type SiteCredit } from '../../prerendered';

/**
 * The footer's credit lives in the query cache under this key, though no request fills it: a page the server renders
 * carries it in its answers (app-state), so the server's markup and the app's first render agree; a page served as
 * built carries it in its head (SITE_CREDIT_ELEMENT_ID), and the app puts it in the cache as it starts.
 */
export const SITE_CREDIT_KEY = ['site-credit'] as const;

/** The credit the server put in the page's head, or null (a page from an older server, a test's document). */
export function readSiteCredit(document: Document): SiteCredit | null {
  const text = document.getElementById(SITE_CREDIT_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as SiteCredit) : null;
}

export function setSiteCredit(queryClient: QueryClient, credit: SiteCredit): void {
  queryClient.setQueryData(SITE_CREDIT_KEY, credit);
}

/** The credit, or null until it is known (the landing page is built without it, and gets it once it runs). */
export function useSiteCredit(): SiteCredit | null {
  const { data } = useQuery<SiteCredit | null>({ queryKey: SITE_CREDIT_KEY, queryFn: () => null, enabled: false, staleTime: Infinity });
  return data ?? null;
}
