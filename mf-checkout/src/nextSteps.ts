/**
 * What follows the delivery form, in one file (`src/parts.ts` loads it): the payment and done stages,
 * and the order tracker the done stage leads to (they share the WhatsApp link; apart, it was a third file).
 */
export { DoneStage } from './done/DoneStage';
export { PaymentStage } from './payment/PaymentStage';
export { OrderTracker } from './tracker/OrderTracker';
