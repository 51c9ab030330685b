import { remoteFederation } from '@adire/federation-config';

/** The account remote exposes one module: its single-spa lifecycles. */
export default remoteFederation('account', { './lifecycles': './src/lifecycles.tsx' });
