import { remoteFederation } from '@adire/federation-config';

/** The checkout remote exposes one module: its single-spa lifecycles. */
export default remoteFederation('checkout', { './lifecycles': './src/lifecycles.tsx' });
