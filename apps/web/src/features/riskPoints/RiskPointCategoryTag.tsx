import { RISK_POINT_CATEGORY_LABELS, type RiskPointCategory } from '@cvrisk/contracts';
import { Tag } from 'antd';
import { RISK_POINT_STYLES } from '../../components/map/layers/riskPointStyle';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** A category as a tag in the hue of its map marker, so list and map read alike. */
export function RiskPointCategoryTag({ category }: { category: RiskPointCategory }) {
  const { lang } = useI18n();
  return <Tag color={RISK_POINT_STYLES[category].tag}>{RISK_POINT_CATEGORY_LABELS[category][lang]}</Tag>;
}
