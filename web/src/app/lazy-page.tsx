import { lazy, type ComponentType } from 'react';

/** A page (or part of one) whose code is a separate chunk, loaded on first use or earlier through `preload`. */
export type LazyPage<Props extends object> = ComponentType<Props> & { preload: () => Promise<ComponentType<Props>> };

/**
 * Like React.lazy, plus `preload()` to fetch the chunk before the page is shown. A page whose chunk has
 * arrived renders at once; React.lazy alone would suspend on its first render even then, and inside a
 * transition React holds back revealing suspended content for up to 300 ms.
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (a new deployment, the network) may be tried again on the next visit.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page(props: Props) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}
