import { CASE_STATE_LABELS, CONTROL_STATE_LABELS, type CaseState, type ControlState } from '@cvrisk/contracts';
import { Tag } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';

const CASE_STATE_COLORS: Record<CaseState, string> = {
  unassigned: 'orange',
  assigned: 'blue',
  locating: 'processing',
  found: 'purple',
  recovered: 'green',
  settled: 'cyan',
  unrecovered: 'default',
};

const CONTROL_STATE_COLORS: Record<ControlState, string> = {
  pending: 'gold',
  refused: 'default',
  held: 'orange',
  sent: 'processing',
  done: 'green',
  failed: 'red',
  cancelled: 'default',
  expired: 'default',
};

export function CaseStateTag({ state }: { state: CaseState }) {
  const { lang } = useI18n();
  return <Tag color={CASE_STATE_COLORS[state]}>{CASE_STATE_LABELS[state][lang]}</Tag>;
}

export function ControlStateTag({ state }: { state: ControlState }) {
  const { lang } = useI18n();
  return <Tag color={CONTROL_STATE_COLORS[state]}>{CONTROL_STATE_LABELS[state][lang]}</Tag>;
}
