import { createElement, lazy, type ComponentType } from 'react';

/** A component fetched when first wanted, and `preload()` to fetch it ahead. */
export type Later<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A part of the checkout a first visit does not run (the payment and done stages, the tracker): its
 * code is fetched when it is first shown, or earlier by `preload()` — on the shopper's first pointer
 * or focus in the delivery form, so the payment stage is there when the form is sent. Once fetched it
 * renders at once (no Suspense fallback, so the server's synchronous draw shows it after awaiting
 * `preload()`); before, it suspends like `React.lazy`. `preload()` never rejects: a failed fetch is
 * tried again by the next `preload()` or first render (one that fails there reaches the error boundary).
 */
export function later<P extends object>(load: () => Promise<ComponentType<P>>): Later<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchIt = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchIt().then((component) => ({ default: component })));
  // React keeps a part shown through the lazy wrapper mounted when it then renders the component itself.
  const Later = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Later, { preload: () => fetchIt().then(() => undefined, () => undefined) });
}
