import { DeviceKind } from '@cvrisk/contracts';
import { luhnCheckDigit } from '../lib/luhn.js';
import type { Rng } from './random.js';

export const WIRED_MODELS = ['GT06N', 'JM-VL03', 'KM-02'] as const;

/** Wireless trackers report with their IMEI; the type allocation code (first 8 digits) is per model. */
const WIRELESS_TAC: Record<string, string> = { AT4: '86431903', 'ZX-W20': '86701204', 'LK-900': '86525306' };
export const WIRELESS_MODELS = Object.keys(WIRELESS_TAC);

/** ICCID issuer codes after 8986: China Mobile 00, China Unicom 01, China Telecom 11. */
const CARRIERS = ['00', '00', '00', '01', '01', '11'];

/**
 * Hands out device numbers in order so they are unique and stable: wired terminals identify by the
 * 12-digit JT/T 808 terminal number, wireless ones by a Luhn-valid IMEI.
 */
export class DeviceNumbers {
  private wired = 0;
  private wireless = 0;

  constructor(private readonly rng: Rng) {}

  next(kind: DeviceKind): { device_number: string; model: string; iccid: string } {
    const iccid = this.iccid();
    if (kind === DeviceKind.wired) {
      this.wired += 1;
      return { device_number: `1380000${String(10000 + this.wired).padStart(5, '0')}`, model: this.rng.pick(WIRED_MODELS), iccid };
    }
    this.wireless += 1;
    const model = this.rng.pick(WIRELESS_MODELS);
    // A stride spreads serials like a real shipment's instead of counting 000001, 000002 …
    const payload = WIRELESS_TAC[model] + String(100000 + this.wireless * 137).padStart(6, '0');
    return { device_number: payload + luhnCheckDigit(payload), model, iccid };
  }

  private iccid(): string {
    const payload = `8986${this.rng.pick(CARRIERS)}${this.rng.digits(13)}`;
    return payload + luhnCheckDigit(payload);
  }
}
