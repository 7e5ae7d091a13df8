import type { CaseAction } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Result, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailure } from '../../components/LoadFailure';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CaseActionDialog } from './CaseActionDialog';
import { CaseControls } from './CaseControls';
import { CaseDevices } from './CaseDevices';
import { CaseHeader } from './CaseHeader';
import { CaseHistory } from './CaseHistory';
import { CaseLinks } from './CaseLinks';
import { CaseMap } from './CaseMap';
import { CaseTimers } from './CaseTimers';
import { CaseWarnings } from './CaseWarnings';
import { CASE_REFRESH_MS, caseDetailQuery } from './recovery.queries';
import './recoveryCase.css';

function caseIdOf(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * 案件详情 (/recovery/recoveryCase?id=): the case, its timers and next steps, the car on the map, its
 * devices and relay, the warnings since it opened, its history, field links and immobilisation. What
 * the caller may do comes from the reply (`actions`, `canLink`, `canRequestControl`, each request's
 * `canDecide`/`canCancel`); the page only hides the rest. Refetched every 10 s while open.
 */
export function RecoveryCasePage() {
  const { t } = useI18n();
  const [search] = useSearchParams();
  const id = caseIdOf(search);
  const detail = useQuery({ ...caseDetailQuery(id ?? 0), enabled: id !== null, refetchInterval: CASE_REFRESH_MS, retry: false });
  const [action, setAction] = useState<CaseAction | null>(null);
  const carNames = useMemo(
    () => new Map((detail.data?.case.cars ?? []).map((c) => [c.carId, c.plateNumber ?? c.frameNumber])),
    [detail.data?.case.cars],
  );

  if (id === null) return <Result status="warning" title={t('recoveryCase.missingId')} />;
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (detail.isError) return <LoadFailure error={detail.error} retry={() => void detail.refetch()} />;

  const d = detail.data;
  return (
    <div className="rc-page">
      <CaseHeader item={d.case} actions={d.actions} onAction={setAction} />
      {d.readOnly && <Alert type="info" showIcon title={t('recoveryCase.readOnly')} />}
      <CaseTimers item={d.case} />
      <div className="rc-body">
        <div className="rc-main">
          <Card size="small" className="rc-card rc-map-card" title={t('recoveryCase.map')}>
            {d.devices === null ? (
              <Alert type="info" showIcon title={t('recoveryCase.carsHidden')} />
            ) : (
              <CaseMap devices={d.devices} places={d.places} stops={d.stops} carNames={carNames} />
            )}
          </Card>
          {d.devices !== null && <CaseDevices devices={d.devices} carNames={carNames} />}
          {(d.canRequestControl || d.controls.length > 0) && (
            <CaseControls caseId={d.case.id} devices={d.devices} controls={d.controls} canRequest={d.canRequestControl} />
          )}
        </div>
        <div className="rc-side">
          <CaseWarnings warnings={d.warnings} />
          {(d.canLink || d.links.length > 0) && <CaseLinks caseId={d.case.id} links={d.links} canLink={d.canLink} />}
          <CaseHistory history={d.history} />
        </div>
      </div>
      {action && <CaseActionDialog caseId={d.case.id} action={action} onClose={() => setAction(null)} />}
    </div>
  );
}
