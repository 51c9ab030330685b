import { federation } from '@module-federation/vite';
import type { PluginOption } from 'vite';

type FederationOptions = Parameters<typeof federation>[0];
type SharedConfig = NonNullable<FederationOptions['shared']>;

/**
 * Singletons every app shares, stated once. Ranges (not strictVersion on exact versions) so a remote
 * one release behind the shell still loads. A package missing from one app's list would be evaluated
 * twice — and the bus would split in two — so every app takes this whole list.
 */
export const SHARED_SINGLETONS = {
  react: '^19.0.0',
  'react-dom': '^19.0.0',
  'react-router-dom': '^7.0.0',
  zustand: '^5.0.0',
  'single-spa-react': '^6.0.0',
  '@adire/event-bus': '^1.0.0',
  '@adire/api-client': '^1.0.0',
  '@adire/domain': '^1.0.0',
} as const;

export function sharedSingletons(): SharedConfig {
  return Object.fromEntries(
    Object.entries(SHARED_SINGLETONS).map(([name, requiredVersion]) => [name, { singleton: true, requiredVersion }]),
  );
}

/** The entry file every remote publishes; the release tool and `/remotes.json` point at it. */
export const REMOTE_ENTRY = 'remoteEntry.js';

/** A remote: exposes its single-spa lifecycles from one entry module. */
export function remoteFederation(name: string, exposes: Record<string, string>): PluginOption {
  return federation({
    name,
    filename: REMOTE_ENTRY,
    exposes,
    shared: sharedSingletons(),
    dts: false,
    manifest: false,
    experiments: { externalRuntime: true },
  });
}

/** The shell: a pure consumer with no build-time remotes; it registers them from /remotes.json. */
export function hostFederation(): PluginOption {
  return federation({
    name: 'shell',
    remotes: {},
    shared: sharedSingletons(),
    dts: false,
    manifest: false,
    experiments: { provideExternalRuntime: true },
  });
}
