import type { Label } from './labels.js';

/**
 * Device alarm types (server-behaviour §6). Standard JT/T 808 alarm-word bits keep their bit number;
 * signals the standard has no bit for get numbers from 100, filled by a per-model mapping.
 */
export const ALARM_TYPES: Record<number, Label> = {
  0: { zh: '紧急报警', en: 'SOS' },
  1: { zh: '超速报警', en: 'Overspeed' },
  2: { zh: '疲劳驾驶', en: 'Fatigue driving' },
  3: { zh: '危险预警', en: 'Danger warning' },
  4: { zh: 'GNSS模块故障', en: 'GNSS module fault' },
  5: { zh: 'GNSS天线未接或被剪断', en: 'GNSS antenna disconnected' },
  6: { zh: 'GNSS天线短路', en: 'GNSS antenna short circuit' },
  7: { zh: '终端主电源欠压', en: 'Low main power voltage' },
  8: { zh: '终端主电源掉电', en: 'Main power lost' },
  19: { zh: '超时停车', en: 'Overtime parking' },
  20: { zh: '进出区域', en: 'Area in/out' },
  23: { zh: '路线偏离', en: 'Route deviation' },
  25: { zh: '车辆油量异常', en: 'Fuel abnormal' },
  26: { zh: '车辆被盗', en: 'Theft' },
  27: { zh: '车辆非法点火', en: 'Illegal ignition' },
  28: { zh: '车辆非法位移', en: 'Illegal move' },
  29: { zh: '碰撞预警', en: 'Collision' },
  30: { zh: '侧翻预警', en: 'Rollover' },
  100: { zh: '拆除报警', en: 'Tampering' },
  101: { zh: '光感报警', en: 'Light sensor' },
  102: { zh: '开壳报警', en: 'Case opened' },
  103: { zh: '震动报警', en: 'Vibration' },
};

/** The standard bits a terminal's alarm word is read for. */
export const STANDARD_ALARM_BITS = Object.keys(ALARM_TYPES).map(Number).filter((t) => t < 32);

/** Fix types of a stored position: satellite, cell towers, Wi-Fi. */
export const FIX_TYPES: Record<number, Label> = {
  1: { zh: '卫星定位', en: 'GNSS' },
  2: { zh: '基站定位', en: 'Cell (LBS)' },
  3: { zh: 'WiFi定位', en: 'Wi-Fi' },
};

/** The same, short enough to label a point on the map. */
export const FIX_TYPE_SHORT: Record<number, Label> = {
  1: { zh: '卫星', en: 'GNSS' },
  2: { zh: '基站', en: 'Cell' },
  3: { zh: 'WiFi', en: 'Wi-Fi' },
};
