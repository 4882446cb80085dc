import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: below it, the layout is the phone's. */
export const PHONE_MEDIA_QUERY = '(max-width: 639.98px)';

/**
 * Whether a media query matches now, kept current as the window changes. False on the server and during
 * hydration, so server markup and the first client render agree; it updates right after.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
