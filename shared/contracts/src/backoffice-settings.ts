// The back office's settings (the site domain): the alert banner, rates and payment alerts; delivery
// zones, fees, fee windows, closed days, a day's own cutoff and peak days. Paths: BACKOFFICE_PATHS.
import type { PeakDayChangeRequest, PeakDaysView } from './backoffice';
import type { ClosedDate, DayCutoff } from './checkout';

/** GET settings: what the settings command's `show` lists of the handshake's settings. */
export interface GeneralSettings {
  /** Naira per unit, by currency (NGN is 1). */
  rates: Record<string, number>;
  /** The alert banner's text ('' : no banner), prices written {{150000}}. */
  siteWideAlert: string;
  /** By payment method. */
  paymentAlerts: Record<string, string>;
}

/**
 * PUT settings: any of the alert, rates and payment alerts. A rate goes as a number when typed as digits,
 * else as typed (the server's rate rule reads it as sent and says why beside `rates.<currency>`).
 */
export interface GeneralSettingsRequest {
  siteWideAlert?: string;
  rates?: Record<string, number | string>;
  paymentAlerts?: Record<string, string>;
}

export interface GeneralSettingsResult {
  /** One sentence per change made. */
  messages: string[];
  settings: GeneralSettings;
}

/** A state's delivery zones and their fees (naira). */
export type StateZones = { state: string; zones: { name: string; amount: number }[] }[];

/** A fee window: festive days that price delivery their own way. */
export interface FeeWindow {
  name: string;
  startDate: string;
  endDate: string;
  active: boolean;
  minAmount: number;
  zones: StateZones;
}

/** GET settings/delivery: base fees, fee windows, closed days, days' own cutoffs, capacities and order-by times from today. */
export interface DeliverySettingsView extends PeakDaysView {
  zones: StateZones;
  /** The order amount from which delivery is free (naira). */
  minAmount: number;
  windows: FeeWindow[];
  closedDates: ClosedDate[];
  dayCutoffs: DayCutoff[];
}

/**
 * An amount as the back office sends it: a number when typed as digits, else the text as typed, for the
 * server's one amount rule to refuse beside its field.
 */
export type SentAmount = number | string;

/** POST settings/delivery: one change, read and checked by the settings command's rules (`pnpm settings …`). */
export type DeliveryChangeRequest =
  | { change: 'set-fee'; state: string; zone: string; amount: SentAmount; window?: string | null }
  | { change: 'add-zone'; state: string; zone: string; amount: SentAmount }
  | { change: 'rename-zone'; state: string; zone: string; newName: string }
  | { change: 'remove-zone'; state: string; zone: string }
  | { change: 'set-min-amount'; amount: SentAmount; window?: string | null }
  | { change: 'add-window'; name: string; startDate: string; endDate: string; surcharge: SentAmount; minAmount: SentAmount }
  | { change: 'remove-window'; name: string }
  | { change: 'close-date'; date: string; note?: string }
  | { change: 'open-date'; date: string }
  | { change: 'set-day-cutoff'; date: string; delivery?: string; pickup?: string }
  | { change: 'clear-day-cutoff'; date: string }
  | PeakDayChangeRequest;

/** What a delivery change answers: the sentence said, and the settings after it. */
export interface DeliveryChangeResult {
  message: string;
  delivery: DeliverySettingsView;
}
