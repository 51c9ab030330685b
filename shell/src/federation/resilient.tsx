import type { RemoteName } from '@adire/contracts';
import type { MountProps, RemoteLifecycles } from '@adire/contracts/remotes';
import { createRoot, type Root } from 'react-dom/client';
import { liveManifest, loadLifecycles } from './remotes';
import { RemoteFallback } from './RemoteFallback';

type Lifecycle = RemoteLifecycles['mount'];

async function run(lifecycle: Lifecycle, props: MountProps): Promise<void> {
  for (const fn of Array.isArray(lifecycle) ? lifecycle : [lifecycle]) await fn(props);
}

interface Mounted {
  props: MountProps;
  appElement: HTMLElement;
  fallbackElement: HTMLElement;
  fallbackRoot: Root | null;
  realMounted: boolean;
}

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
 * single-spa lifecycles for a remote that never take the store down: the remote is loaded at mount;
 * when it is refused, missing or hangs, the region shows a fallback with a Retry control instead,
 * and a successful retry mounts the real remote in place.
 */
export function resilientLifecycles(remote: RemoteName, label: string, options: { compact?: boolean } = {}) {
  let real: RemoteLifecycles | null = null;
  let bootstrapped = false;
  let attempts = 0;
  let mounted: Mounted | null = null;

  async function mountReal(m: Mounted): Promise<void> {
    real ??= await loadLifecycles(remote, attempts++);
    const props = { ...m.props, domElement: m.appElement };
    if (!bootstrapped) {
      await run(real.bootstrap, props);
      bootstrapped = true;
    }
    await run(real.mount, props);
    m.realMounted = true;
  }

  function showFallback(m: Mounted, error: unknown) {
    console.error(`[shell] ${remote} is unavailable:`, error);
    m.fallbackRoot ??= createRoot(m.fallbackElement);
    m.fallbackRoot.render(
      <RemoteFallback
        label={label}
        compact={options.compact ?? false}
        onRetry={async () => {
          try {
            real = null;
            await mountReal(m);
            m.fallbackRoot?.unmount();
            m.fallbackRoot = null;
            return true;
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
      const appElement = drawnBy(props.domElement, liveManifest()[remote]?.version) ?? document.createElement('div');
      const fallbackElement = document.createElement('div');
      appElement.className = 'region-app';
      props.domElement.append(appElement, fallbackElement);
      const m: Mounted = { props, appElement, fallbackElement, fallbackRoot: null, realMounted: false };
      mounted = m;
      try {
        await mountReal(m);
      } catch (err) {
        showFallback(m, err);
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
