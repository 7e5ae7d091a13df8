import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Spin } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButton } from '../../components/ExportButton';
import { LoadFailure } from '../../components/LoadFailure';
import { MapView } from '../../components/map/MapView';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { exportTrack, trackQuery, type TrackKind, type TrackSearch } from './track.queries';
import { TrackSearchBar } from './TrackSearchBar';
import { TrackViewer } from './TrackViewer';
import { sameSearch, searchFromParams, searchToParams } from './trackSearch';
import './track.css';

function Exports({ kind, search, disabledReason }: { kind: TrackKind; search: TrackSearch; disabledReason: string | undefined }) {
  const { t } = useI18n();
  return (
    <Space>
      <ExportButton label={t('track.exportExcel')} disabledReason={disabledReason} run={(progress) => exportTrack(kind, 'xlsx', search, progress)} />
      <ExportButton label={t('track.exportKml')} disabledReason={disabledReason} run={(progress) => exportTrack(kind, 'kml', search, progress)} />
    </Space>
  );
}

/**
 * 轨迹回放 / 无线轨迹: one screen for both kinds of device. The search lives in the address bar, so the
 * monitoring card's link and the back button work, and a link with a device number replays at once.
 */
export function TrackScreen({ kind }: { kind: TrackKind }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFromParams(params), [params]);
  const ready = search.deviceNumber !== '';
  const track = useQuery({ ...trackQuery(kind, search), enabled: ready });

  const submit = (next: TrackSearch) => {
    // The same search again asks again: today's track grows while the car drives.
    if (ready && sameSearch(next, search)) void track.refetch();
    else setParams(searchToParams(next));
  };

  const fixes = track.data?.list ?? [];
  let overlay = null;
  if (!ready) overlay = <Empty description={t('track.prompt')} />;
  else if (track.isPending)
    overlay = (
      <div className="track-loading">
        <Spin />
        {t('track.loading')}
      </div>
    );
  // A device outside the user's scope (or none such) says so, with the way back: a retry cannot help.
  else if (track.isError) overlay = <LoadFailure error={track.error} retry={() => void track.refetch()} title="track.loadFailed" />;
  else if (fixes.length === 0)
    overlay = (
      <Empty
        description={
          <>
            <div className="track-empty-title">{t('track.empty')}</div>
            <div className="track-empty-hint">{t('track.emptyHint', { deviceNumber: search.deviceNumber, start: search.startTime, end: search.endTime })}</div>
          </>
        }
      />
    );

  return (
    <div className="track-page">
      <Card size="small" className="track-search-card">
        <TrackSearchBar
          search={search}
          loading={ready && track.isFetching}
          onSearch={submit}
          actions={<Exports kind={kind} search={search} disabledReason={track.isFetching ? t('track.exportWaiting') : fixes.length === 0 ? t('track.exportNothing') : undefined} />}
        />
      </Card>
      {track.data && fixes.length > 0 ? (
        <TrackViewer key={`${kind}|${search.deviceNumber}|${search.startTime}|${search.endTime}`} kind={kind} result={track.data} />
      ) : (
        <div className="track-viewer">
          <div className="track-map-column">
            <div className="track-map">
              <MapView />
              <div className="track-overlay">{overlay}</div>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
