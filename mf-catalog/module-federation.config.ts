import { remoteFederation } from '@adire/federation-config';

/** The catalog remote exposes one module: its single-spa lifecycles. */
export default remoteFederation('catalog', { './lifecycles': './src/lifecycles.tsx' });
