import type { TimelineEntry, TrackingStep } from '@adire/contracts';
import { TRACKING_STEPS } from '@adire/contracts';
import { formatShopWeekdayTime } from '@adire/domain/formats';

export const STEP_LABELS: Record<TrackingStep, string> = {
  received: 'Order received',
  paid: 'Payment confirmed',
  arranged: 'Flowers arranged',
  despatched: 'Out for delivery',
  delivered: 'Delivered',
};

export interface TimelineRow {
  step: TrackingStep;
  label: string;
  done: boolean;
  current: boolean;
  at: string | null;
}

/** Every step in order, whatever the server sent: missing steps count as not reached. */
export function timelineRows(timeline: readonly TimelineEntry[], status: TrackingStep): TimelineRow[] {
  const byStep = new Map(timeline.map((t) => [t.step, t]));
  return TRACKING_STEPS.map((step) => {
    const entry = byStep.get(step);
    return { step, label: STEP_LABELS[step], done: !!entry?.done, current: step === status, at: entry?.at ?? null };
  });
}

/** 'Wed 4 Mar, 10:05' in Lagos time. */
export function formatStepTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return formatShopWeekdayTime(d);
}

/** The tracker's optional contact field: an e-mail when it has an @, else a phone. */
export function contactQuery(contact: string): { email?: string; phone?: string } {
  const value = contact.trim();
  if (!value) return {};
  return value.includes('@') ? { email: value } : { phone: value.replace(/[\s().-]/g, '') };
}
