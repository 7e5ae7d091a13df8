import { CUSTOMER_GRADE_LABELS, type CustomerGrade, type RiskLevel } from '@cvrisk/contracts';
import { Tag } from 'antd';
import { RiskLevelTag } from '../../components/StatusTags';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';

const GRADE_COLORS: Record<CustomerGrade, string> = { high: 'red', potential: 'orange', general: 'green' };

/** The level, and the compound mark when the warning was raised with a risk-point stay. */
export function LevelWithCompound({ level, compound }: { level: RiskLevel; compound: boolean }) {
  const { t } = useI18n();
  return (
    <>
      <RiskLevelTag level={level} />
      {compound && <Tag color="magenta">{t('warningDetail.compound')}</Tag>}
    </>
  );
}

export function CustomerGradeTag({ grade }: { grade: CustomerGrade | null }) {
  const { lang } = useI18n();
  if (!grade) return <>{EMPTY}</>;
  return <Tag color={GRADE_COLORS[grade]}>{CUSTOMER_GRADE_LABELS[grade][lang]}</Tag>;
}
