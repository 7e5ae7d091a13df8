import { RiskWarningConfig, type WarningTypeKey } from '@cvrisk/contracts';
import type { MessageKey } from '../../lib/i18n/translate';

export type Unit = 'hour' | 'metre' | 'minute' | 'km' | 'percent';

export const UNIT_KEYS: Record<Unit, MessageKey> = {
  hour: 'riskAdmin.unitHour',
  metre: 'riskAdmin.unitMetre',
  minute: 'riskAdmin.unitMinute',
  km: 'riskAdmin.unitKm',
  percent: 'riskAdmin.unitPercent',
};

type Shape = typeof RiskWarningConfig.shape;
type GroupKey = keyof Shape;

/** A numeric threshold; its bounds are the contract's, so the form and the server never disagree. */
export type NumberField = { kind: 'number'; name: [GroupKey, string]; label: MessageKey; unit: Unit; min: number; max: number };
export type ScopeField = { kind: 'scope'; name: ['region', 'scope']; label: MessageKey };
export type ConfigField = NumberField | ScopeField;
export type ConfigGroup = { key: GroupKey; warningType: WarningTypeKey; fields: ConfigField[] };

function number<G extends Exclude<GroupKey, 'region'>>(group: G, key: keyof Shape[G]['shape'] & string, label: MessageKey, unit: Unit): NumberField {
  const schema = (RiskWarningConfig.shape[group].shape as Record<string, { minValue: number | null; maxValue: number | null }>)[key]!;
  return { kind: 'number', name: [group, key], label, unit, min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
}

/** The form, one card per rule, in the order of server-behaviour §5's table. */
export const CONFIG_GROUPS: ConfigGroup[] = [
  {
    key: 'offline',
    warningType: 'offline',
    fields: [number('offline', 'wiredHours', 'riskAdmin.offlineWired', 'hour'), number('offline', 'wirelessHours', 'riskAdmin.offlineWireless', 'hour')],
  },
  {
    key: 'riskPoint',
    warningType: 'riskPointStay',
    fields: [number('riskPoint', 'radiusM', 'riskAdmin.riskPointRadius', 'metre'), number('riskPoint', 'stayMinutes', 'riskAdmin.riskPointStay', 'minute')],
  },
  { key: 'region', warningType: 'leftRegion', fields: [{ kind: 'scope', name: ['region', 'scope'], label: 'riskAdmin.regionScope' }] },
  { key: 'longStay', warningType: 'longStay', fields: [number('longStay', 'hours', 'riskAdmin.longStayHours', 'hour')] },
  {
    key: 'separation',
    warningType: 'separation',
    fields: [number('separation', 'distanceKm', 'riskAdmin.separationDistance', 'km'), number('separation', 'freshHours', 'riskAdmin.separationFresh', 'hour')],
  },
  { key: 'residence', warningType: 'residenceChange', fields: [number('residence', 'distanceKm', 'riskAdmin.residenceDistance', 'km')] },
  {
    key: 'abnormalMove',
    warningType: 'abnormalMove',
    fields: [number('abnormalMove', 'distanceKm', 'riskAdmin.abnormalDistance', 'km'), number('abnormalMove', 'offlineHours', 'riskAdmin.abnormalOffline', 'hour')],
  },
  { key: 'lowBattery', warningType: 'lowBattery', fields: [number('lowBattery', 'percent', 'riskAdmin.lowBatteryPercent', 'percent')] },
];

export const REGION_SCOPE_KEYS: Record<RiskWarningConfig['region']['scope'], MessageKey> = {
  province: 'riskAdmin.regionProvince',
  city: 'riskAdmin.regionCity',
};

/** The value at a field's path of a config. */
export function valueAt(config: RiskWarningConfig, name: [string, string]): number | string {
  return (config as unknown as Record<string, Record<string, number | string>>)[name[0]]![name[1]]!;
}
