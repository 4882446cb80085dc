import { MutationObserver, useQueryClient, type MutateOptions, type MutationObserverOptions } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/**
 * useMutation's `mutate` and `isPending`, with the observer made on the first call instead of on the first
 * render. A page of 25 story cards holds 50 toggles (bookmark, watch) that mostly nobody presses; an observer for
 * each, made and subscribed on every render of the page, was a tenth of the server's render of the signed-in
 * home. The request runs exactly as useMutation's would: the same observer, the client's defaults and its
 * mutation cache's handlers, the call's own onSuccess and onError.
 */
export function useLazyMutation<TData, TVariables>(options: MutationObserverOptions<TData, Error, TVariables>) {
  const queryClient = useQueryClient();
  const observer = useRef<MutationObserver<TData, Error, TVariables> | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  const [isPending, setPending] = useState(false);
  useEffect(
    () => () => {
      unsubscribe.current?.();
      unsubscribe.current = null;
    },
    [],
  );

  const mutate = (variables: TVariables, callbacks?: MutateOptions<TData, Error, TVariables>) => {
    const current = (observer.current ??= new MutationObserver(queryClient, options));
    current.setOptions(options);
    unsubscribe.current ??= current.subscribe((result) => setPending(result.isPending));
    // Failures reach the callbacks and the cache's handler; the returned promise's rejection is not needed.
    current.mutate(variables, callbacks).catch(() => undefined);
  };
  return { mutate, isPending };
}
