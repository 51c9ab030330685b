import { remoteFederation } from '@adire/federation-config';

/**
 * The checkout remote exposes one module: its single-spa lifecycles. The order tracker, which
 * CheckoutApp.tsx loads lazily (src/parts.ts), is named by its path too, so the server announces its
 * module with its page.
 */
export default remoteFederation('checkout', { './lifecycles': './src/lifecycles.tsx' }, { '/order-tracker': './src/nextSteps.ts' });
