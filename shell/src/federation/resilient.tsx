import type { RemoteName } from '@adire/contracts';
import type { MountProps, RemoteLifecycles } from '@adire/contracts/remotes';
import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { liveManifest, loadLifecycles, remoteIsArriving, REMOTE_SLOW_AFTER_MS } from './remotes';
import { RemoteFallback } from './RemoteFallback';

type Lifecycle = RemoteLifecycles['mount'];

async function run(lifecycle: Lifecycle, props: MountProps): Promise<void> {
  for (const fn of Array.isArray(lifecycle) ? lifecycle : [lifecycle]) await fn(props);
}

/**
 * A remote's mount as a transition: the first render (or the hydration of what the server drew)
 * that the remote starts synchronously inside its mount is then done by React in slices of a few
 * milliseconds, with the page answering taps in between, instead of one long task per region. The
 * page the server drew is on screen meanwhile. (React is one shared instance, so the remote's render
 * sees this transition.)
 */
async function runAsTransition(lifecycle: Lifecycle, props: MountProps): Promise<void> {
  for (const fn of Array.isArray(lifecycle) ? lifecycle : [lifecycle]) {
    let started!: Promise<unknown>;
    startTransition(() => {
      started = fn(props);
    });
    await started;
  }
}

interface Mounted {
  props: MountProps;
  appElement: HTMLElement;
  fallbackElement: HTMLElement;
  fallbackRoot: Root | null;
  realMounted: boolean;
  /** Bumped by each try (the first, each Retry): a late answer of an earlier try is ignored. */
  tries: number;
}

/** What a region shows while it has no remote: still loading (it is arriving) or unavailable. */
export type RegionWait = 'loading' | 'unavailable';

const pause = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

/**
 * The region's server-drawn element when the same release drew it (the remote then hydrates it);
 * a drawing by another release (a dev override, a publish since) is dropped for a fresh render.
 */
function drawnBy(region: HTMLElement, version: string | undefined): HTMLElement | null {
  const drawn = region.querySelector<HTMLElement>(':scope > .region-app[data-drawn]');
  if (!drawn) return null;
  if (version && drawn.dataset.drawn === version) return drawn;
  drawn.remove();
  return null;
}

/**
 * single-spa lifecycles for a remote that never take the store down. The remote is loaded at mount;
 * when it is refused or missing, or still silent after REMOTE_SLOW_AFTER_MS (its server does not answer),
 * the region shows that it is unavailable with a Retry control. When it is still arriving (a slow
 * connection), the region says it is still loading, with Retry too, and the load goes on: it mounts by
 * itself when it arrives. Either way the region says something within 5 s; a successful Retry mounts
 * the real remote in place.
 */
export function resilientLifecycles(remote: RemoteName, label: string, options: { compact?: boolean } = {}) {
  let real: RemoteLifecycles | null = null;
  let bootstrapped = false;
  let attempts = 0;
  let mounted: Mounted | null = null;

  async function mountWith(m: Mounted, lifecycles: RemoteLifecycles): Promise<void> {
    real = lifecycles;
    const props = { ...m.props, domElement: m.appElement };
    if (!bootstrapped) {
      await run(real.bootstrap, props);
      bootstrapped = true;
    }
    await runAsTransition(real.mount, props);
    m.realMounted = true;
    m.fallbackRoot?.unmount();
    m.fallbackRoot = null;
  }

  /** One try: 'mounted', or what the region should show meanwhile. */
  async function attempt(m: Mounted): Promise<'mounted' | RegionWait> {
    const started = performance.now();
    const tryNumber = ++m.tries;
    const current = () => mounted === m && m.tries === tryNumber && !m.realMounted;
    const load = real ? Promise.resolve(real) : loadLifecycles(remote, attempts++);
    const first = await Promise.race([load.then((lifecycles) => ({ lifecycles }), (error: unknown) => ({ error })), pause(REMOTE_SLOW_AFTER_MS)]);
    if (first && 'lifecycles' in first) {
      await mountWith(m, first.lifecycles);
      return 'mounted';
    }
    if (first) {
      console.error(`[shell] ${remote} is unavailable:`, first.error);
      return 'unavailable';
    }
    // Still under way: the load goes on, and mounts by itself if it arrives.
    load.then(
      async (lifecycles) => {
        if (!current()) return;
        try {
          await mountWith(m, lifecycles);
        } catch (err) {
          if (current()) showFallback(m, 'unavailable', err);
        }
      },
      (err: unknown) => {
        if (current()) showFallback(m, 'unavailable', err);
      },
    );
    const arriving = await remoteIsArriving(remote, started);
    if (m.realMounted) return 'mounted';
    if (!arriving) console.error(`[shell] ${remote} is unavailable: nothing of it arrived within ${REMOTE_SLOW_AFTER_MS / 1000} s and its server does not answer`);
    return arriving ? 'loading' : 'unavailable';
  }

  function showFallback(m: Mounted, wait: RegionWait, error?: unknown) {
    if (error) console.error(`[shell] ${remote} is unavailable:`, error);
    m.fallbackRoot ??= createRoot(m.fallbackElement);
    m.fallbackRoot.render(
      <RemoteFallback
        label={label}
        compact={options.compact ?? false}
        wait={wait}
        onRetry={async () => {
          try {
            real = null;
            const outcome = await attempt(m);
            if (outcome === 'mounted') return true;
            if (mounted === m && !m.realMounted) showFallback(m, outcome);
            return false;
          } catch (err) {
            console.error(`[shell] retrying ${remote} failed:`, err);
            return false;
          }
        }}
      />,
    );
  }

  return {
    name: `${remote}-resilient`,
    bootstrap: async () => {},
    mount: async (props: MountProps) => {
      const drawn = drawnBy(props.domElement, liveManifest()[remote]?.version);
      const appElement = drawn ?? document.createElement('div');
      const fallbackElement = document.createElement('div');
      // The drawn element stays where it is: moving it (append) would have the browser build and lay
      // out the whole drawn page again.
      if (!drawn) {
        appElement.className = 'region-app';
        props.domElement.append(appElement);
      }
      props.domElement.append(fallbackElement);
      const m: Mounted = { props, appElement, fallbackElement, fallbackRoot: null, realMounted: false, tries: 0 };
      mounted = m;
      try {
        const outcome = await attempt(m);
        if (outcome !== 'mounted' && mounted === m && !m.realMounted) showFallback(m, outcome);
      } catch (err) {
        if (mounted === m && !m.realMounted) showFallback(m, 'unavailable', err);
      }
    },
    unmount: async () => {
      const m = mounted;
      mounted = null;
      if (!m) return;
      m.fallbackRoot?.unmount();
      if (m.realMounted && real) await run(real.unmount, { ...m.props, domElement: m.appElement });
      m.appElement.remove();
      m.fallbackElement.remove();
    },
  };
}
