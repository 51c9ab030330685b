import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

/**
 * The federation runtime starts by loading every shared library (React, the bus, the API client…)
 * one after another in promise callbacks: all in one task, 25–30 ms of the main thread on a slow
 * machine (four times that on Lighthouse's phone), before the shell's own code runs. Waiting for a
 * new task before each one lets the browser paint and answer a tap in between.
 */
export default function yieldingShares(): ModuleFederationRuntimePlugin {
  return {
    name: 'adire-yielding-shares',
    async beforeLoadShare(args) {
      await new Promise<void>((next) => setTimeout(next, 0));
      return args;
    },
  };
}
