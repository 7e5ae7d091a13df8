import { CUSTOMER_GRADE_LABELS, DEAL_STATUS_LABELS, RISK_LEVEL_LABELS, type CustomerGrade, type RiskLevel } from '@cvrisk/contracts';
import { Tag } from 'antd';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';

const GRADE_COLORS: Record<CustomerGrade, string> = { high: 'red', potential: 'orange', general: 'green' };

export function RiskLevelTag({ level, compound }: { level: RiskLevel; compound: boolean }) {
  const { t, lang } = useI18n();
  return (
    <>
      <Tag color={RISK_LEVEL_LABELS[level].color}>{RISK_LEVEL_LABELS[level][lang]}</Tag>
      {compound && <Tag color="magenta">{t('warningDetail.compound')}</Tag>}
    </>
  );
}

export function DealStatusTag({ status }: { status: 0 | 1 }) {
  const { lang } = useI18n();
  return <Tag color={status === 0 ? 'volcano' : 'green'}>{DEAL_STATUS_LABELS[status][lang]}</Tag>;
}

export function CustomerGradeTag({ grade }: { grade: CustomerGrade | null }) {
  const { lang } = useI18n();
  if (!grade) return <>{EMPTY}</>;
  return <Tag color={GRADE_COLORS[grade]}>{CUSTOMER_GRADE_LABELS[grade][lang]}</Tag>;
}
