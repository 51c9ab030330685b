import { remoteFederation } from '@adire/federation-config';

/** The cart remote exposes one module: its single-spa lifecycles. */
export default remoteFederation('cart', { './lifecycles': './src/lifecycles.tsx' });
