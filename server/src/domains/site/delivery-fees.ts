/**
 * Delivery fees: a zone's fee, zones added, renamed or removed, the minimum amount for free delivery, and
 * fee windows (the festive days that price delivery their own way: the settings' `overrideConfigs`).
 * Each change is applied to a copy of the settings the caller owns (delivery-settings.ts); pure.
 */
import type { DeliveryConfig } from '@adire/contracts';
import { formatAmount, formatDrawerDate, type DeliverySettings } from '@adire/domain';
import { SettingsError } from './settings-store';

export type FeeChange =
  | { kind: 'set-fee'; state: string; zone: string; amount: number; window: string | null }
  | { kind: 'add-zone'; state: string; zone: string; amount: number }
  | { kind: 'rename-zone'; state: string; zone: string; newName: string }
  | { kind: 'remove-zone'; state: string; zone: string }
  | { kind: 'set-min-amount'; amount: number; window: string | null }
  | { kind: 'add-window'; name: string; startDate: string; endDate: string; surcharge: number; minAmount: number }
  | { kind: 'remove-window'; name: string };

export const FEE_CHANGES = ['set-fee', 'add-zone', 'rename-zone', 'remove-zone', 'set-min-amount', 'add-window', 'remove-window'] as const;

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const naira = (n: number) => formatAmount(n, 'NGN');
const day = (date: string) => formatDrawerDate(date);
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function stateOf(config: DeliveryConfig, name: string) {
  const state = config.stateDeliveryZones.find((s) => norm(s.state) === norm(name));
  if (!state) throw new SettingsError(`Unknown state '${name}'. States: ${config.stateDeliveryZones.map((s) => s.state).join(', ')}.`, 'state');
  return state;
}

function zoneOf(config: DeliveryConfig, stateName: string, zoneName: string) {
  const state = stateOf(config, stateName);
  const zone = state.zones.find((z) => norm(z.name) === norm(zoneName));
  if (!zone) throw new SettingsError(`${state.state} has no zone '${zoneName}'. Its zones: ${state.zones.map((z) => z.name).join(', ')}.`, 'zone');
  return { state, zone };
}

function windowOf(delivery: DeliverySettings, name: string) {
  const found = delivery.overrideConfigs.find((c) => norm(c.name) === norm(name));
  if (!found) {
    const names = delivery.overrideConfigs.map((c) => c.name);
    throw new SettingsError(`There is no fee window '${name}'.${names.length ? ` Fee windows: ${names.join(', ')}.` : ' There are none.'}`, 'window');
  }
  return found;
}

/** Keeps the minimum amount's line ('Free delivery on orders above {{50000}}') saying the new amount. */
function withMinAmount(config: DeliveryConfig, amount: number): void {
  const old = config.minAmount;
  config.minAmount = amount;
  if (config.minAmountInfoText?.includes(`{{${old}}}`)) config.minAmountInfoText = config.minAmountInfoText.split(`{{${old}}}`).join(`{{${amount}}}`);
}

/** A change of zones and their fees (in the base and every fee window); the message for the person who made it. */
function applyZoneChange(delivery: DeliverySettings, change: FeeChange & { kind: 'set-fee' | 'add-zone' | 'rename-zone' | 'remove-zone' }): string {
  const base = delivery.baseConfig;
  const everyConfig = [base, ...delivery.overrideConfigs];
  switch (change.kind) {
    case 'set-fee': {
      const config = change.window ? windowOf(delivery, change.window) : base;
      const { state, zone } = zoneOf(config, change.state, change.zone);
      const was = zone.amount;
      zone.amount = change.amount;
      const where = change.window ? ` during ${config.name}` : '';
      return `Delivery to ${zone.name} (${state.state})${where} now costs ${naira(change.amount)} (was ${naira(was)}).`;
    }
    case 'add-zone': {
      const state = stateOf(base, change.state);
      if (state.zones.some((z) => norm(z.name) === norm(change.zone))) throw new SettingsError(`${state.state} already has a zone '${change.zone}'.`, 'zone');
      for (const config of everyConfig) {
        const s = config.stateDeliveryZones.find((x) => norm(x.state) === norm(state.state));
        if (s && !s.zones.some((z) => norm(z.name) === norm(change.zone))) s.zones.push({ name: change.zone, amount: change.amount });
      }
      const windows = delivery.overrideConfigs.length ? ' (the fee windows charge the same until you change them there)' : '';
      return `Zone ${change.zone} added to ${state.state} at ${naira(change.amount)}${windows}.`;
    }
    case 'rename-zone': {
      const { state, zone } = zoneOf(base, change.state, change.zone);
      const clash = state.zones.find((z) => z !== zone && norm(z.name) === norm(change.newName));
      if (clash) throw new SettingsError(`${state.state} already has a zone '${clash.name}'.`, 'newName');
      const old = zone.name;
      for (const config of everyConfig) {
        const s = config.stateDeliveryZones.find((x) => norm(x.state) === norm(state.state));
        for (const z of s?.zones ?? []) if (norm(z.name) === norm(old)) z.name = change.newName;
      }
      return `Zone ${old} (${state.state}) is now called ${change.newName}; orders already placed keep their zone and fee.`;
    }
    case 'remove-zone': {
      const { state, zone } = zoneOf(base, change.state, change.zone);
      if (state.zones.length === 1) throw new SettingsError(`${zone.name} is the only zone of ${state.state}: add another zone before removing it.`, 'zone');
      for (const config of everyConfig) {
        const s = config.stateDeliveryZones.find((x) => norm(x.state) === norm(state.state));
        if (s && s.zones.length > 1) s.zones = s.zones.filter((z) => norm(z.name) !== norm(zone.name));
      }
      return `Zone ${zone.name} removed from ${state.state}; orders already placed keep their zone and fee.`;
    }
  }
}

/** A change of the minimum amount or of the fee windows; the message for the person who made it. */
function applyWindowChange(delivery: DeliverySettings, change: FeeChange & { kind: 'set-min-amount' | 'add-window' | 'remove-window' }, today: string): string {
  const base = delivery.baseConfig;
  switch (change.kind) {
    case 'set-min-amount': {
      const config = change.window ? windowOf(delivery, change.window) : base;
      const was = config.minAmount;
      withMinAmount(config, change.amount);
      const where = change.window ? ` during ${config.name}` : '';
      const now = change.amount > 0 ? `Delivery is free${where} for items from ${naira(change.amount)}` : `Delivery is never free${where}`;
      return `${now} (was ${was > 0 ? naira(was) : 'never'}).`;
    }
    case 'add-window': {
      if (delivery.overrideConfigs.some((c) => norm(c.name) === norm(change.name))) throw new SettingsError(`There is already a fee window '${change.name}': remove it first to set it again.`, 'name');
      if (change.endDate < today) throw new SettingsError(`The window ends on ${day(change.endDate)}, which has passed.`, 'endDate');
      const overlap = delivery.overrideConfigs.find((c) => c.active && c.startDate && c.endDate && c.startDate <= change.endDate && change.startDate <= c.endDate);
      if (overlap) throw new SettingsError(`${day(change.startDate)}–${day(change.endDate)} overlaps ${overlap.name} (${day(overlap.startDate!)}–${day(overlap.endDate!)}): a day is priced by one window only.`, 'startDate');
      const window: DeliveryConfig = {
        ...copy(base),
        name: change.name,
        description: `${change.name}: delivery fees ${naira(change.surcharge)} above the usual`,
        type: 'override',
        active: true,
        startDate: change.startDate,
        endDate: change.endDate,
        stateDeliveryZones: base.stateDeliveryZones.map((s) => ({ state: s.state, zones: s.zones.map((z) => ({ name: z.name, amount: z.amount + change.surcharge })) })),
      };
      withMinAmount(window, change.minAmount);
      delivery.overrideConfigs.push(window);
      delivery.overrideConfigs.sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? ''));
      return `Fee window ${change.name} set: ${day(change.startDate)} to ${day(change.endDate)}, every zone ${naira(change.surcharge)} above the usual fee${change.minAmount > 0 ? `, free from ${naira(change.minAmount)}` : ', never free'}.`;
    }
    case 'remove-window': {
      const window = windowOf(delivery, change.name);
      delivery.overrideConfigs = delivery.overrideConfigs.filter((c) => c !== window);
      return `Fee window ${window.name} removed: those days are priced as usual.`;
    }
  }
}

/** Applies a fee change to `delivery` (the caller's copy); the message for the person who made it. */
export function applyFeeChange(delivery: DeliverySettings, change: FeeChange, today: string): string {
  switch (change.kind) {
    case 'set-fee':
    case 'add-zone':
    case 'rename-zone':
    case 'remove-zone':
      return applyZoneChange(delivery, change);
    default:
      return applyWindowChange(delivery, change, today);
  }
}
