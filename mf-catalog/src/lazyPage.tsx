import { use, type ComponentType, type ReactElement } from 'react';

/** A page whose code is fetched when it is first drawn, or ahead with `load()`. */
export interface LazyPage {
  (): ReactElement;
  /** Fetches the page's code; settles once it is here (or failed: drawing the page then shows why). */
  load(): Promise<void>;
}

/**
 * Like React's `lazy`, but a page whose code is already here draws at once. React's `lazy` suspends on
 * its first draw whatever happened before: it throws its promise, then its own exception, and React
 * hydrates the page in a second pass once the promise settles. A throw is dear while a page hydrates
 * (V8 works out where it came from; under an inspector, as in Lighthouse, it re-parses the functions
 * on the stack). The lifecycles load the page a server-drawn region shows before hydrating it
 * (`pageReady`), so nothing is thrown.
 */
export function lazyPage(fetchCode: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let fetching: Promise<ComponentType> | undefined;
  const fetchOnce = () =>
    (fetching ??= fetchCode().then((component) => {
      Loaded = component;
      return component;
    }));
  // One shape whether or not it had to wait (Page → the page), so a later draw never swaps the tree.
  const Page = () => {
    const Component = Loaded ?? use(fetchOnce());
    return <Component />;
  };
  Page.load = () => fetchOnce().then(
    () => undefined,
    () => undefined,
  );
  return Page;
}
