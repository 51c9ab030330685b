import { DEFAULT_CHECKOUT_SETTINGS, readStored, writeStored, type CheckoutSettings, type Order } from '@adire/contracts';
import { isPaid, orderDateProblem } from '@adire/domain';
import { create } from 'zustand';

/** SPEC section 9: the checkout's three stages. */
export const CHECKOUT_STAGES = { delivery: 1, payment: 2, done: 3 } as const;
export type Stage = (typeof CHECKOUT_STAGES)[keyof typeof CHECKOUT_STAGES];

/** A stored stage, or 1 when absent or not a stage (SPEC section 9: default stage 1 of 3). */
export function toStage(value: unknown): Stage {
  return value === 2 || value === 3 ? value : CHECKOUT_STAGES.delivery;
}

/** An order counts as checked out once the delivery stage was submitted (it then has a number and a method). */
export function isCheckedOut(order: Pick<Order, 'orderNumber' | 'deliveryMethod'>): boolean {
  return !!order.orderNumber && !!order.deliveryMethod;
}

/**
 * The stage a fetched order may show: done only when it is paid (finished means real); payment only
 * once it was checked out, the shopper had got there and its delivery date is still open (a day that
 * has passed asks for a new one instead of taking money); otherwise delivery.
 */
export function stageForOrder(
  order: Pick<Order, 'paymentStatus' | 'orderNumber' | 'deliveryMethod' | 'deliveryDate'>,
  stored: Stage,
  now: Date = new Date(),
  settings: CheckoutSettings = DEFAULT_CHECKOUT_SETTINGS,
): Stage {
  if (isPaid(order.paymentStatus)) return CHECKOUT_STAGES.done;
  if (!isCheckedOut(order)) return CHECKOUT_STAGES.delivery;
  if (orderDateProblem(order, now, settings)) return CHECKOUT_STAGES.delivery;
  return stored >= CHECKOUT_STAGES.payment ? CHECKOUT_STAGES.payment : CHECKOUT_STAGES.delivery;
}

export type StageState = 'completed' | 'active' | 'upcoming';

export function stageState(stepNumber: number, current: Stage): StageState {
  return stepNumber < current ? 'completed' : stepNumber === current ? 'active' : 'upcoming';
}

interface StageStore {
  stage: Stage;
  setStage(stage: Stage): void;
}

/** The checkout owns the stored stage (STORAGE_KEYS.checkoutStage). */
export const useStage = create<StageStore>((set) => ({
  stage: toStage(readStored<number>('checkoutStage')),
  setStage(stage) {
    writeStored('checkoutStage', stage);
    set({ stage });
  },
}));
