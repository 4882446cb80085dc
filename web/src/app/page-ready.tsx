import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';

/**
 * When the page on screen runs. A page the server sent rendered is hydrated part by part: React hydrates the content
 * of each Suspense boundary (the navigation, the page under it) in a pass of its own, after the rest of the tree has
 * committed, and until then that part's controls do nothing (a choice made in a select is even undone). So the page
 * is ready once each of its parts has run, not when the root's own effects do.
 */
const ReportPart = createContext<(part: string) => void>(() => undefined);

/** Calls `onReady` once every part named in `parts` has reported from inside it (PartRunning). */
export function PageReady({ parts, onReady, children }: { parts: readonly string[]; onReady?: () => void; children: ReactNode }) {
  const running = useRef(new Set<string>());
  const partsKey = parts.join(' ');
  const check = useCallback(() => {
    if (partsKey.split(' ').every((part) => running.current.has(part))) onReady?.();
  }, [partsKey, onReady]);
  const report = useCallback(
    (part: string) => {
      running.current.add(part);
      check();
    },
    [check],
  );
  // Parts that ran before the list changed (someone signed in, so a navigation joined the page) still count.
  useEffect(check, [check]);
  return <ReportPart.Provider value={report}>{children}</ReportPart.Provider>;
}

/** Placed inside a part of the page (a Suspense boundary's content): reports once that part runs. */
export function PartRunning({ part }: { part: string }) {
  const report = useContext(ReportPart);
  useEffect(() => report(part), [report, part]);
  return null;
}
