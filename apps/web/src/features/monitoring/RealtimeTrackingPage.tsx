import { DeviceKind, formatTime, parseTime, type MonitorDeviceCard } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Switch, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { subscribeLive } from '../../api/liveStream';
import { useSession } from '../../app/session/SessionContext';
import { LoadFailure } from '../../components/LoadFailure';
import { MapView } from '../../components/map/MapView';
import { TrackLayer } from '../../components/map/layers/TrackLayer';
import { VehicleMarker } from '../../components/map/layers/VehicleMarker';
import { DeviceKindTag, DeviceStateTag } from '../../components/StatusTags';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { usePhone } from '../../lib/usePhone';
import { FocusOnDevice } from './FocusOnDevice';
import { deviceCardQuery, fetchTrack } from './monitoring.queries';
import { LatestFix } from './LatestFix';
import { TrackingState } from './TrackingState';
import { appendLive, TRAIL_HISTORY_MS, type TrailPoint } from './trail';
import { useTempTracking } from './useTempTracking';
import './monitoring.css';

const isOnline = (card: MonitorDeviceCard) => card.state === 'moving' || card.state === 'parked';

function useTrail(card: MonitorDeviceCard | undefined) {
  const history = useQuery({
    queryKey: ['monitor', 'trail', card?.deviceNumber],
    queryFn: ({ signal }) => {
      const now = Date.now();
      return fetchTrack(card!.deviceKind === DeviceKind.wired ? 'wired' : 'wireless', card!.deviceNumber, formatTime(now - TRAIL_HISTORY_MS), formatTime(now), signal);
    },
    enabled: card !== undefined,
    // Fetched once per opening: from then on the live stream extends it.
    staleTime: Infinity,
    gcTime: 0,
  });
  const [live, setLive] = useState<readonly TrailPoint[]>([]);
  const deviceNumber = card?.deviceNumber;
  const base = useMemo<readonly TrailPoint[]>(() => history.data?.list.map((f) => ({ lng: f.lng, lat: f.lat, speed: f.speed, direction: f.direction, gpsTime: f.gpsTime })) ?? [], [history.data]);

  useEffect(() => {
    if (!deviceNumber || !history.isSuccess) return;
    return subscribeLive('devices', (batch) => {
      const mine = batch.find((d) => d.deviceNumber === deviceNumber);
      if (mine) setLive((trail) => appendLive(trail, mine));
    });
  }, [deviceNumber, history.isSuccess]);

  // The live points continue the replay; one that the replay already holds is not added twice.
  const trail = useMemo(() => {
    const lastMs = base.length ? parseTime(base[base.length - 1]!.gpsTime) : null;
    const fresh = lastMs === null ? live : live.filter((p) => (parseTime(p.gpsTime) ?? 0) > lastMs);
    return fresh.length ? [...base, ...fresh] : base;
  }, [base, live]);
  return { trail, loading: history.isPending && card !== undefined, failed: history.isError };
}

function Tracking({ deviceNumber }: { deviceNumber: string }) {
  const { t } = useI18n();
  const { user } = useSession();
  const card = useQuery(deviceCardQuery(deviceNumber));
  const { trail, loading } = useTrail(card.data);
  const [follow, setFollow] = useState(true);
  // On a phone the fix's details would cover the middle of the map, where the vehicle is kept: folded at first.
  const phone = usePhone();
  const [details, setDetails] = useState(!phone);
  const eligible = card.data !== undefined && card.data.deviceKind === DeviceKind.wired && isOnline(card.data) && user.permissions.includes('device:command');
  const tracking = useTempTracking(deviceNumber, eligible);
  const head = trail[trail.length - 1];

  return (
    <div className="monitor-page realtime-page">
      <MapView className="monitor-map">
        {trail.length > 0 && <TrackLayer fixes={trail} />}
        {head && <VehicleMarker lng={head.lng} lat={head.lat} direction={head.direction} follow={follow} />}
        {head && <FocusOnDevice deviceNumber={deviceNumber} at={head} />}
      </MapView>
      <Card
        size="small"
        className="realtime-panel"
        title={
          <Space size={6}>
            <span className="monitor-card-number">{deviceNumber}</span>
            {card.data && <DeviceStateTag state={card.data.state} />}
            {card.data && <DeviceKindTag kind={card.data.deviceKind} />}
          </Space>
        }
        extra={
          <Space size={4}>
            <span>{t('realtime.follow')}</span>
            <Switch size="small" checked={follow} onChange={setFollow} aria-label={t('realtime.follow')} />
            <Tooltip title={t(details ? 'realtime.detailsHide' : 'realtime.detailsShow')}>
              <Button
                type="text"
                size="small"
                icon={details ? <UpOutlined /> : <DownOutlined />}
                aria-label={t(details ? 'realtime.detailsHide' : 'realtime.detailsShow')}
                aria-expanded={details}
                onClick={() => setDetails(!details)}
              />
            </Tooltip>
          </Space>
        }
      >
        {card.isError ? (
          <LoadFailure error={card.error} retry={() => void card.refetch()} />
        ) : (
          <>
            {details && <LatestFix card={card.data} head={head} points={trail.length} loading={loading || card.isPending} />}
            {card.data && <TrackingState card={card.data} eligible={eligible} status={tracking.status} item={tracking.item} />}
          </>
        )}
      </Card>
    </div>
  );
}

/** 实时跟踪: one device's last hour and every new fix as it arrives, the map following it. */
export function RealtimeTrackingPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const deviceNumber = params.get('deviceNumber')?.trim();
  if (!deviceNumber) {
    return (
      <Card>
        <Empty description={t('realtime.noDevice')}>
          <Button type="primary" onClick={() => navigate('/monitor/onlineMonitoring')}>
            {t('realtime.toMonitoring')}
          </Button>
        </Empty>
      </Card>
    );
  }
  return <Tracking key={deviceNumber} deviceNumber={deviceNumber} />;
}
