import { RELAY_STATUS_BITS } from '@cvrisk/contracts';
import type { LocationFix } from '../jt808/index.js';
import { FixBuffer } from './fix-buffer.js';
import { PARKED_INTERVAL_MS } from './timeline.js';

const RELAY_CUT = RELAY_STATUS_BITS.oil | RELAY_STATUS_BITS.circuit;
const ACC = 1;

/**
 * A car whose fuel and power the platform cut: it stands where the cut found it, ACC off, and its
 * terminal reports the relay bits (10 and 11) at once and then on the parked grid, until restored.
 */
export class StoppedCar {
  private nextReport: number;

  /** `at`: the terminal's fix when the cut arrived. */
  constructor(private readonly at: LocationFix) {
    this.nextReport = at.time ?? 0;
  }

  /** Its fix at time t (not before the cut's): the same place, speed 0, ACC off, relay bits set. */
  fixAt(t: number): LocationFix {
    return { ...this.at, time: Math.max(Math.floor(t / 1000) * 1000, this.at.time ?? 0), speedKmh: 0, status: ((this.at.status & ~ACC) | RELAY_CUT) >>> 0 };
  }

  /** Another device of the same car (a wireless tracker): its fix, moved to where the car stands. */
  standIn(fix: LocationFix): LocationFix {
    return { ...fix, latitude: this.at.latitude, longitude: this.at.longitude, speedKmh: 0, status: (fix.status & ~ACC) >>> 0 };
  }

  /** Moves another device's planned fixes [from, to) to where the car stands. */
  pin(fixes: FixBuffer, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      fixes.lng[i] = this.at.longitude;
      fixes.lat[i] = this.at.latitude;
      fixes.speed[i] = 0;
      fixes.acc[i] = 0;
    }
  }

  /** The report due by time t, if any, as a buffer of one; the next falls due a parked interval later. */
  reportDue(t: number): FixBuffer | null {
    if (t < this.nextReport) return null;
    const report = new FixBuffer(1);
    report.pushFix(this.fixAt(this.nextReport));
    this.nextReport += PARKED_INTERVAL_MS;
    return report;
  }
}
