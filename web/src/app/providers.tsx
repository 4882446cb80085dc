import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '#common/rules/limits.ts';
import { PHONE_MEDIA_QUERY, useMediaQuery } from '@/lib/media-query';
import { useTheme } from '@/lib/theme';
import { createQueryClient } from './query-client';

/** Spec part 1 §9: at most one toast at a time, each shown for 5000 ms. */
export const TOASTER_OPTIONS = { visibleToasts: 1, duration: TOAST_DURATION_MS } as const;

/**
 * Bottom left on wider screens: a card's action buttons sit at its right end, so a toast there (the confirmation
 * of pressing one) covered the very buttons people press next; on the left it lies over titles at most. A phone's
 * toast spans the screen's width, so wherever it sits low it covers the actions of the cards under it: there it
 * shows at the top, just under the header (64 px and its border), so the header's menu stays in reach.
 */
const TOASTER_POSITION = 'bottom-left';
const PHONE_TOASTER_POSITION = 'top-center';
const PHONE_TOASTER_OFFSET = { top: 72 } as const;

function ThemedToaster() {
  const [theme] = useTheme();
  const phone = useMediaQuery(PHONE_MEDIA_QUERY);
  return <Toaster {...TOASTER_OPTIONS} theme={theme} closeButton position={phone ? PHONE_TOASTER_POSITION : TOASTER_POSITION} mobileOffset={PHONE_TOASTER_OFFSET} />;
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
