/**
 * Alarm-word bits defined by JT/T 808 (2013 table; 2019 keeps them). Bits missing here are
 * reserved by the standard and used by vendors for their own signals (tampering, light sensor,
 * vibration ...), which a per-model mapping interprets.
 */
export const STANDARD_ALARM_BITS = {
  0: 'sos',
  1: 'overspeed',
  2: 'fatigue',
  3: 'danger',
  4: 'gnssModuleFault',
  5: 'gnssAntennaCut',
  6: 'gnssAntennaShort',
  7: 'lowVoltage',
  8: 'powerLost',
  9: 'displayFault',
  10: 'ttsFault',
  11: 'cameraFault',
  12: 'icCardFault',
  13: 'overspeedWarning',
  14: 'fatigueWarning',
  18: 'drivingOvertime',
  19: 'parkingOvertime',
  20: 'areaInOut',
  21: 'routeInOut',
  22: 'routeTime',
  23: 'routeDeviation',
  24: 'vssFault',
  25: 'fuelAbnormal',
  26: 'theft',
  27: 'illegalIgnition',
  28: 'illegalMove',
  29: 'collision',
  30: 'rollover',
  31: 'illegalDoorOpen',
} as const;

export type StandardAlarm = (typeof STANDARD_ALARM_BITS)[keyof typeof STANDARD_ALARM_BITS];

export interface AlarmBit {
  bit: number;
  /** null for a bit the standard reserves. */
  name: StandardAlarm | null;
}

/** Every set bit of an alarm word, lowest first. */
export function listAlarmBits(alarm: number): AlarmBit[] {
  const names: Partial<Record<number, StandardAlarm>> = STANDARD_ALARM_BITS;
  const out: AlarmBit[] = [];
  for (let bit = 0; bit < 32; bit++) {
    if ((alarm >>> bit) & 1) out.push({ bit, name: names[bit] ?? null });
  }
  return out;
}
