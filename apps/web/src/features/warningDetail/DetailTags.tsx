import type { RiskLevel } from '@cvrisk/contracts';
import { Tag } from 'antd';
import { RiskLevelTag } from '../../components/StatusTags';
import { useI18n } from '../../lib/i18n/I18nProvider';

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
