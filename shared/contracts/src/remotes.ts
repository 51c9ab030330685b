// Browser-side contracts (DOM types): imported as '@adire/contracts/remotes', never by the server.
import type { Boundary } from './shop';

/** Props single-spa hands a remote's lifecycles (applications and parcels alike). */
export interface MountProps {
  name: string;
  domElement: HTMLElement;
  [extra: string]: unknown;
}

type Lifecycle = (props: MountProps) => Promise<unknown>;

/** What every remote exposes as './lifecycles' — its whole public surface. */
export interface RemoteLifecycles {
  bootstrap: Lifecycle | Lifecycle[];
  mount: Lifecycle | Lifecycle[];
  unmount: Lifecycle | Lifecycle[];
  update?: Lifecycle | Lifecycle[];
}

export const EXPOSED_LIFECYCLES = './lifecycles';

/**
 * Diagnostics for QA: each app reports the library instances it runs with, so a test can prove
 * every app got the same React, router, store, bus and API client (one instance, not one file).
 */
export interface SharedInstances {
  react: unknown;
  reactDom: unknown;
  /** An export of each library (a namespace object differs per importer; its functions do not). */
  router: unknown;
  zustand: unknown;
  bus: unknown;
  api: unknown;
}

export function reportSharedInstances(app: Boundary, instances: SharedInstances): void {
  const w = globalThis as { __adireInstances?: Partial<Record<Boundary, SharedInstances>> };
  w.__adireInstances ??= {};
  w.__adireInstances[app] = instances;
}
