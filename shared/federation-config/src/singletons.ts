/**
 * Singletons every app shares, stated once. Ranges (not strictVersion on exact versions) so a remote
 * one release behind the shell still loads. A package missing from one app's list would be evaluated
 * twice — and the bus would split in two — so every app takes this whole list.
 */
export const SHARED_SINGLETONS = {
  react: '^19.0.0',
  'react-dom': '^19.0.0',
  // The router through its facade: react-router-dom shared whole would ship every export of it.
  '@adire/router': '^1.0.0',
  zustand: '^5.0.0',
  '@adire/event-bus': '^1.0.0',
  '@adire/api-client': '^1.0.0',
  '@adire/domain': '^1.0.0',
} as const;
