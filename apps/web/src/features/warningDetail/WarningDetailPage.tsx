import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { LoadFailure } from '../../components/LoadFailure';
import { VehicleUsePanel } from '../../components/map/VehicleUsePanel';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { TreatDialog } from '../warnings/TreatDialog';
import { WarningOpenCaseButton } from '../recovery/WarningOpenCaseButton';
import { CarWarningCounts } from './CarWarningCounts';
import { DeviceCard } from './DeviceCard';
import { HandlingCard } from './HandlingCard';
import { NextWarning } from './NextWarning';
import { SameTypeWarnings } from './SameTypeWarnings';
import { WarningInfoCard } from './WarningInfoCard';
import { paramsFrom, warningDetailQuery } from './warningDetail.queries';
import './warningDetail.css';

/**
 * 预警详情 (/risk/warningDetail?id=&deviceNumber=&warningType=): the warning with its customer, car and
 * device, the do-not-push switch, handling (then the next unhandled warning), the open warnings of the
 * same device and type, the car's warning counts, and the vehicle-use map around the warning.
 */
export function WarningDetailPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const [search] = useSearchParams();
  const params = useMemo(() => paramsFrom(search), [search]);
  const detail = useQuery({ ...warningDetailQuery(params ?? { id: 0 }), enabled: params !== null });
  const canHandle = user.permissions.includes('warning:handle');
  const [treating, setTreating] = useState(false);
  // The warning handled on this page: "next" is offered for it (another warning opened here hides it).
  const [handledId, setHandledId] = useState<number | null>(null);

  if (!params) return <Result status="warning" title={t('warningDetail.missingId')} />;
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  // Missing or out of scope (404): 无权查看 and the way back; a failed load: a retry.
  if (detail.isError) return <LoadFailure error={detail.error} retry={() => void detail.refetch()} />;

  const { entity, device } = detail.data;
  const form = { deviceNumber: entity.deviceNumber, warningType: entity.warningType };
  const latest = device.lng === null || device.lat === null ? null : { lng: device.lng, lat: device.lat };
  const warning = entity.lng === null || entity.lat === null ? null : { lng: entity.lng, lat: entity.lat };

  return (
    <div className="wd-page">
      {handledId === entity.id && <NextWarning id={entity.id} />}
      <WarningInfoCard
        entity={entity}
        extra={
          <Space size={8}>
            <WarningOpenCaseButton entity={entity} />
            {canHandle && entity.dealStatus === 0 ? (
              <Button type="primary" size="small" onClick={() => setTreating(true)}>
                {t('warningDetail.treat')}
              </Button>
            ) : null}
          </Space>
        }
      />
      <div className="wd-body">
        <div className="wd-side">
          <DeviceCard device={device} form={form} canHandle={canHandle} />
          <HandlingCard entity={entity} />
          {entity.dealStatus === 0 && <SameTypeWarnings id={entity.id} form={form} />}
          {entity.carid !== null && <CarWarningCounts carid={entity.carid} />}
        </div>
        <Card size="small" title={t('warningDetail.map')} className="wd-card wd-map-card">
          <VehicleUsePanel mode="detail" carid={entity.carid} latest={latest} warning={warning} warningId={entity.id} />
        </Card>
      </div>
      {/* The dialog refreshes every warning view, this page's queries among them, after handling. */}
      <TreatDialog
        open={treating}
        mode="single"
        target={{ id: entity.id, ...form }}
        onClose={() => setTreating(false)}
        onDone={() => setHandledId(entity.id)}
        canEditPhrases={user.permissions.includes('user:admin')}
      />
    </div>
  );
}
