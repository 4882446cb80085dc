import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '../../../common/rules/limits.ts';
import { useTheme } from '@/lib/theme';
import { createQueryClient } from './query-client';

/** Spec part 1 §9: at most one toast at a time, each shown for 5000 ms. */
export const TOASTER_OPTIONS = { visibleToasts: 1, duration: TOAST_DURATION_MS } as const;

/**
 * Bottom left: a card's action buttons sit at its right end, so a toast there (the confirmation of pressing one)
 * covered the very buttons people press next; on the left it lies over titles at most.
 */
const TOASTER_POSITION = 'bottom-left';

function ThemedToaster() {
  const [theme] = useTheme();
  return <Toaster {...TOASTER_OPTIONS} theme={theme} closeButton position={TOASTER_POSITION} />;
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ThemedToaster />
    </QueryClientProvider>
  );
}
