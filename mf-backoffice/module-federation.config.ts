import { remoteFederation } from '@adire/federation-config';

/** The back office remote exposes one module: its single-spa lifecycles. */
export default remoteFederation('backoffice', { './lifecycles': './src/lifecycles.tsx' });
