import type { DeliveryConfig } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import {
  configForDate,
  defaultDespatchLocation,
  deliveryFee,
  findZone,
  freeDeliveryFrom,
  pickupLocation,
  readDeliveryMethod,
  UnknownZoneError,
  zoneNames,
  type DeliverySettings,
} from '../src/delivery';

const config = (name: string, minAmount: number, surcharge = 0, window: Partial<DeliveryConfig> = {}): DeliveryConfig => ({
  name,
  description: '',
  type: window.startDate ? 'override' : 'base',
  infoTextConfigs: [],
  minAmount,
  minAmountInfoText: '',
  active: true,
  stateDeliveryZones: [
    { state: 'lagos', zones: [{ name: 'Lekki / Ajah', amount: 4500 + surcharge }, { name: 'Mainland', amount: 5000 + surcharge }] },
    { state: 'abuja', zones: [{ name: 'Central', amount: 3500 + surcharge }] },
  ],
  ...window,
});

const settings: DeliverySettings = {
  baseConfig: config('Standard delivery', 50_000),
  overrideConfigs: [
    config("Valentine's Day", 150_000, 3000, { startDate: '2031-02-13', endDate: '2031-02-15' }),
    config('Switched off', 0, 9000, { startDate: '2031-03-01', endDate: '2031-03-31', active: false }),
    config('No free delivery', 0, 1000, { startDate: '2031-04-01', endDate: '2031-04-01' }),
  ],
};
const fee = (deliveryDate: string, itemsNgn: number, state = 'lagos', zone = 'Lekki / Ajah') =>
  deliveryFee(settings, { method: 'delivery', state, zone, deliveryDate, itemsNgn });

describe('delivery-fee rules', () => {
  it('charges the zone amount below the free-delivery threshold and nothing from it', () => {
    expect(fee('2031-06-10', 49_999)).toEqual({ feeNgn: 4500, free: false, configName: 'Standard delivery', freeFromNgn: 50_000 });
    expect(fee('2031-06-10', 50_000)).toEqual({ feeNgn: 0, free: true, configName: 'Standard delivery', freeFromNgn: 50_000 });
    expect(fee('2031-06-10', 0, ' ABUJA ', 'central').feeNgn).toBe(3500); // case and spacing ignored
  });

  it('takes an active override on the days of its window, both ends included', () => {
    for (const day of ['2031-02-13', '2031-02-14', '2031-02-15']) {
      expect(fee(day, 60_000)).toEqual({ feeNgn: 7500, free: false, configName: "Valentine's Day", freeFromNgn: 150_000 });
    }
    expect(configForDate(settings, '2031-02-12').name).toBe('Standard delivery');
    expect(configForDate(settings, '2031-02-16').name).toBe('Standard delivery');
    expect(configForDate(settings, '2031-03-10').name).toBe('Standard delivery'); // inactive override
  });

  it('never makes delivery free when the threshold is 0', () => {
    expect(freeDeliveryFrom({ minAmount: 0 })).toBeNull();
    expect(freeDeliveryFrom({ minAmount: 50_000 })).toBe(50_000);
    expect(fee('2031-04-01', 10_000_000)).toEqual({ feeNgn: 5500, free: false, configName: 'No free delivery', freeFromNgn: null });
  });

  it('makes pick-up free', () => {
    expect(deliveryFee(settings, { method: 'pickup', deliveryDate: '2031-02-14', itemsNgn: 1 })).toEqual({ feeNgn: 0, free: true, configName: null, freeFromNgn: null });
  });

  it('refuses an unknown state or zone, naming the field', () => {
    expect(() => fee('2031-06-10', 0, 'kano', 'Central')).toThrow(UnknownZoneError);
    expect(() => fee('2031-06-10', 0, 'lagos', 'Atlantis')).toThrow("'Atlantis' is not a delivery zone of lagos");
    const fieldOf = (state: string, zone: string) => {
      try {
        fee('2031-06-10', 0, state, zone);
        return null;
      } catch (err) {
        return (err as UnknownZoneError).field;
      }
    };
    expect(fieldOf('kano', 'x')).toBe('state');
    expect(fieldOf('lagos', 'x')).toBe('zone');
  });

  it('finds zones, branches and despatch points by name', () => {
    expect(findZone(settings.baseConfig, 'Lagos', 'mainland')?.name).toBe('Mainland');
    expect(zoneNames(settings.baseConfig, 'abuja')).toEqual(['Central']);
    expect(zoneNames(settings.baseConfig, 'kano')).toEqual([]);
    expect(pickupLocation(' lekki lpl ')).toEqual({ code: 'Lekki LPL', state: 'lagos' });
    expect(pickupLocation('Mars')).toBeNull();
    expect(defaultDespatchLocation('Abuja')).toBe('Abuja APA');
    expect(defaultDespatchLocation('lagos')).toBe('Ikoyi LPI');
  });

  it('reads the delivery method words', () => {
    expect(readDeliveryMethod('delivery')).toBe('delivery');
    expect(readDeliveryMethod(' Pick-Up ')).toBe('pickup');
    expect(readDeliveryMethod('pickup')).toBe('pickup');
    expect(readDeliveryMethod('courier')).toBeNull();
    expect(readDeliveryMethod(undefined)).toBeNull();
  });
});
