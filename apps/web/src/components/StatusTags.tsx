import {
  COMMAND_STATE_LABELS,
  CUSTOMER_GRADE_LABELS,
  type CustomerGrade,
  DEAL_STATUS_LABELS,
  RISK_LEVEL_LABELS,
  DEVICE_KIND_LABELS,
  DEVICE_STATE_LABELS,
  LOAN_STATUS_LABELS,
  STOCK_STATE_LABELS,
  type CommandState,
  type DeviceKind,
  type DeviceState,
  type LoanStatus,
  type RiskLevel,
} from '@cvrisk/contracts';
import { Tag } from 'antd';
import { useI18n } from '../lib/i18n/I18nProvider';
import { EMPTY } from '../lib/format';

/** Tag colour of each device state; the monitoring map paints its markers in the same colours. */
export const DEVICE_STATE_COLORS: Record<DeviceState, string> = {
  moving: 'green',
  parked: 'blue',
  offline: 'default',
  never: 'orange',
};

const DEVICE_KIND_COLORS: Record<DeviceKind, string> = { 1: 'geekblue', 2: 'cyan' };
const COMMAND_STATE_COLORS: Record<CommandState, string> = { queued: 'gold', sent: 'blue', answered: 'green', failed: 'red' };
const LOAN_STATUS_COLORS: Record<LoanStatus, string> = { normal: 'green', overdue: 'red', settled: 'default' };

/** `retired`: a retired device (设备库存 → 报废) keeps its history on every list, and says it is retired. */
export function DeviceStateTag({ state, retired = false }: { state: DeviceState; retired?: boolean }) {
  const { lang } = useI18n();
  if (retired) return <Tag color="volcano">{STOCK_STATE_LABELS.retired[lang]}</Tag>;
  return <Tag color={DEVICE_STATE_COLORS[state]}>{DEVICE_STATE_LABELS[state][lang]}</Tag>;
}

/** A car with no device in service (all taken off or retired): nothing reports where it is. */
export function NoLiveDeviceTag() {
  const { t } = useI18n();
  return <Tag color="warning">{t('car.noLiveDevice')}</Tag>;
}

export function DeviceKindTag({ kind }: { kind: DeviceKind }) {
  const { lang } = useI18n();
  return <Tag color={DEVICE_KIND_COLORS[kind]}>{DEVICE_KIND_LABELS[kind][lang]}</Tag>;
}

export function LoanStatusTag({ status }: { status: LoanStatus | null }) {
  const { lang } = useI18n();
  if (!status) return <>{EMPTY}</>;
  return <Tag color={LOAN_STATUS_COLORS[status]}>{LOAN_STATUS_LABELS[status][lang]}</Tag>;
}

export function CommandStateTag({ state }: { state: CommandState }) {
  const { lang } = useI18n();
  return <Tag color={COMMAND_STATE_COLORS[state]}>{COMMAND_STATE_LABELS[state][lang]}</Tag>;
}

/** Ignition (ACC) as the terminal's status word reports it: 1 on, 0 off. */
export function AccTag({ acc }: { acc: number | null }) {
  const { t } = useI18n();
  if (acc === null) return <>{EMPTY}</>;
  return acc ? <Tag color="green">{t('position.accOn')}</Tag> : <Tag>{t('position.accOff')}</Tag>;
}

/** A warning's risk level in its colour (high red, medium orange, low blue). */
export function RiskLevelTag({ level }: { level: RiskLevel }) {
  const { lang } = useI18n();
  return <Tag color={RISK_LEVEL_LABELS[level].color}>{RISK_LEVEL_LABELS[level][lang]}</Tag>;
}

/** Whether a warning is handled, as the detail and the home page show it. */
export function DealStatusTag({ status }: { status: 0 | 1 }) {
  const { lang } = useI18n();
  return <Tag color={status === 0 ? 'volcano' : 'green'}>{DEAL_STATUS_LABELS[status][lang]}</Tag>;
}

const GRADE_COLORS: Record<CustomerGrade, string> = { high: 'red', potential: 'orange', general: 'green' };

/** 高风险 / 潜在风险 / 一般客户 (server-behaviour §7). */
export function CustomerGradeTag({ grade }: { grade: CustomerGrade | null }) {
  const { lang } = useI18n();
  if (!grade) return <>{EMPTY}</>;
  return <Tag color={GRADE_COLORS[grade]}>{CUSTOMER_GRADE_LABELS[grade][lang]}</Tag>;
}
