import type { MonitorDevice, MonitorDeviceCard } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Grid, Spin } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { DeviceLayer } from '../../components/map/layers/DeviceLayer';
import { MapView } from '../../components/map/MapView';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { usePhone } from '../../lib/usePhone';
import { CommandDrawer } from '../devicePositions/CommandDrawer';
import { DeviceCard } from './DeviceCard';
import { FitToDevices } from './FitToDevices';
import { FocusOnDevice } from './FocusOnDevice';
import { MapLegend } from './MapLegend';
import { deviceCardQuery } from './monitoring.queries';
import { parseMonitorQuery, toMonitorSearch, type MonitorView } from './monitorQuery';
import { MonitorPanel } from './MonitorPanel';
import { useMonitorDevices, useStoreDevice } from './useMonitorDevices';
import './monitoring.css';

/** The left panel's width in monitoring.css plus its margin: from 1200 px, below it, and folded on a phone. */
const PANEL_WIDTH = { wide: 282, narrow: 250, phone: 0 };
/** Below 992 px the card is a sheet over the lower half of the map: a chosen device is shown above it. */
const RAISE_OVER_CARD = 0.25;

/** 在线监控: every device in scope on one map, clustered, moving live; a card per device. */
export function OnlineMonitoringPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const canCommand = user.permissions.includes('device:command');
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseMonitorQuery(params), [params]);
  const change = useCallback(
    (next: Partial<MonitorView>) => setParams((prev) => toMonitorSearch({ ...parseMonitorQuery(prev), ...next }), { replace: true }),
    [setParams],
  );
  const { store, snapshot, loading, error, refetch } = useMonitorDevices(view.deptId);
  const live = useStoreDevice(store, view.deviceNumber);
  const card = useQuery({ ...deviceCardQuery(view.deviceNumber ?? ''), enabled: view.deviceNumber !== null });
  const [commandFor, setCommandFor] = useState<MonitorDeviceCard | null>(null);
  const phone = usePhone();
  // Unknown until antd has read the media queries: then the wide layout is assumed.
  const screens = Grid.useBreakpoint();
  const panelWidth = phone ? PANEL_WIDTH.phone : screens.xl === false ? PANEL_WIDTH.narrow : PANEL_WIDTH.wide;

  const select = useCallback((d: MonitorDevice) => change({ deviceNumber: d.deviceNumber, focus: false }), [change]);
  const selected = live ?? null;
  const focusAt = useMemo(() => {
    if (live?.lng != null && live.lat != null) return { lng: live.lng, lat: live.lat };
    const c = card.data;
    return c && c.lng !== null && c.lat !== null ? { lng: c.lng, lat: c.lat } : null;
  }, [live, card.data]);

  return (
    <div className="monitor-page">
      <MapView className="monitor-map">
        <DeviceLayer store={store} states={view.states} selected={selected} onSelect={select} />
        {view.focus && view.deviceNumber ? (
          <FocusOnDevice deviceNumber={view.deviceNumber} at={focusAt} raise={screens.lg === false ? RAISE_OVER_CARD : 0} />
        ) : (
          <FitToDevices snapshot={snapshot} panelWidth={panelWidth} />
        )}
      </MapView>
      <MonitorPanel store={store} view={view} onChange={change} />
      {loading && (
        <div className="monitor-loading">
          <Spin size="small" /> {t('monitor.loading')}
        </div>
      )}
      {error && (
        <Alert
          className="monitor-error"
          type="error"
          showIcon
          title={t('monitor.loadFailed')}
          action={<Button size="small" onClick={() => void refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {view.deviceNumber && (
        <DeviceCard
          key={view.deviceNumber}
          deviceNumber={view.deviceNumber}
          card={card.data}
          error={card.error}
          retry={() => void card.refetch()}
          live={live}
          onCommand={canCommand ? setCommandFor : undefined}
          onPick={(deviceNumber) => change({ deviceNumber, focus: true })}
          onClose={() => change({ deviceNumber: null, focus: false })}
        />
      )}
      <MapLegend />
      <CommandDrawer device={commandFor} onClose={() => setCommandFor(null)} />
    </div>
  );
}
