import { warningTypeName, type WarningDetailEntity } from '@cvrisk/contracts';
import { Card, Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { orDash } from '../../lib/format';
import { portraitPath } from '../../lib/portraitLinks';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { DealStatusTag } from '../../components/StatusTags';
import { CustomerGradeTag } from '../../components/StatusTags';
import { LevelWithCompound } from './DetailTags';

const COLUMNS: DescriptionsProps['column'] = { xs: 1, sm: 2, lg: 3, xxl: 4 };

/** The warning, its customer and car, its dealer and institution: every field of the detail entity. */
export function WarningInfoCard({ entity: e, extra }: { entity: WarningDetailEntity; extra?: ReactNode }) {
  const { t, lang } = useI18n();
  const items: DescriptionsProps['items'] = [
    { key: 'type', label: t('warningDetail.warningTypeName'), children: warningTypeName(e.warningType, lang, e.warningTypeName) },
    { key: 'level', label: t('warningDetail.riskLevel'), children: <LevelWithCompound level={e.riskLevel} compound={e.compound} /> },
    { key: 'status', label: t('warningDetail.dealStatus'), children: <DealStatusTag status={e.dealStatus} /> },
    { key: 'time', label: t('warningDetail.warningTime'), children: e.warningTime },
    { key: 'last', label: t('warningDetail.lastTime'), children: e.lastTime },
    { key: 'address', label: t('warningDetail.address'), children: orDash(e.address) },
    {
      key: 'customer', label: t('warningDetail.customerName'),
      children: e.customerName ? <Link to={portraitPath({ deviceNumber: e.deviceNumber })}>{e.customerName}</Link> : orDash(null),
    },
    { key: 'phone', label: t('warningDetail.customerPhone'), children: orDash(e.customerPhone) },
    { key: 'grade', label: t('warningDetail.customerGrade'), children: <CustomerGradeTag grade={e.customerGrade} /> },
    { key: 'car', label: t('warningDetail.brandModel'), children: orDash([e.brandname, e.modelname].filter(Boolean).join(' ')) },
    { key: 'plate', label: t('warningDetail.plateNumber'), children: orDash(e.plateNumber) },
    { key: 'frame', label: t('warningDetail.carFrameNumber'), children: orDash(e.carFrameNumber) },
    { key: 'device', label: t('warningDetail.deviceNumber'), children: e.deviceNumber },
    { key: 'dealer', label: t('warningDetail.deptName4s'), children: orDash(e.deptName4s) },
    { key: 'finance', label: t('warningDetail.deptName'), children: orDash(e.deptName) },
    { key: 'detail', label: t('warningDetail.detail'), children: orDash(e.detail), span: 'filled' },
  ];
  return (
    <Card size="small" title={t('warningDetail.warning')} extra={extra} className="wd-card">
      <Descriptions size="small" column={COLUMNS} items={items} className="wd-descriptions" />
    </Card>
  );
}
