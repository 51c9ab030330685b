import type { OccasionReminder } from '@adire/contracts/account';
import type { Selectable } from 'kysely';
import type { OccasionReminderTable } from '../../../db/schema';

export type ReminderRow = Selectable<OccasionReminderTable>;

export const toReminder = (r: ReminderRow): OccasionReminder => ({
  id: r.id,
  name: r.name,
  monthDay: r.month_day,
  daysBefore: Number(r.days_before),
  orderId: r.order_id,
  stopped: r.stopped_at !== null,
  createdAt: r.created_at,
});
