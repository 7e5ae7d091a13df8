import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import type { DeviceStore } from '../../components/map/layers/deviceStore';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { usePhone } from '../../lib/usePhone';
import { DeptTree } from './DeptTree';
import { DeviceSearch } from './DeviceSearch';
import { LiveBadge } from './LiveBadge';
import type { MonitorView } from './monitorQuery';
import { StateChips } from './StateChips';

type Props = {
  store: DeviceStore;
  view: MonitorView;
  onChange: (change: Partial<MonitorView>) => void;
};

/** The left panel over the map: search, state counts as filters, and the department tree. Folds away. */
export function MonitorPanel({ store, view, onChange }: Props) {
  const { t } = useI18n();
  // On a phone the panel would cover most of the map: it starts folded and folds again once a device is
  // picked, so the device's card and the map are what the person sees.
  const phone = usePhone();
  const [open, setOpen] = useState(!phone);
  if (!open) {
    return (
      <Tooltip title={t('monitor.panelOpen')} placement="right">
        <Button className="monitor-panel-open" icon={<RightOutlined />} aria-label={t('monitor.panelOpen')} onClick={() => setOpen(true)} />
      </Tooltip>
    );
  }
  return (
    <aside className="monitor-panel" aria-label={t('monitor.panel')}>
      <div className="monitor-panel-head">
        <DeviceSearch
          onPick={(deviceNumber) => {
            onChange({ deviceNumber, focus: true });
            if (phone) setOpen(false);
          }}
        />
        <Tooltip title={t('monitor.panelClose')}>
          <Button type="text" icon={<LeftOutlined />} aria-label={t('monitor.panelClose')} onClick={() => setOpen(false)} />
        </Tooltip>
      </div>
      <StateChips store={store} shown={view.states} onChange={(states) => onChange({ states })} />
      <div className="monitor-panel-title">
        <span>{t('monitor.depts')}</span>
        <LiveBadge />
      </div>
      <div className="monitor-panel-tree">
        <DeptTree value={view.deptId} onChange={(deptId) => onChange({ deptId })} />
      </div>
    </aside>
  );
}
