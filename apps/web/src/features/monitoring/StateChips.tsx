import { DEVICE_STATE_LABELS, DeviceStates, type DeviceState } from '@cvrisk/contracts';
import { Tag } from 'antd';
import type { DeviceStore } from '../../components/map/layers/deviceStore';
import { DEVICE_STATE_FILL } from '../../components/map/layers/deviceStyle';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useStoreVersion } from './useMonitorDevices';

type Props = { store: DeviceStore; shown: ReadonlySet<DeviceState>; onChange: (states: Set<DeviceState>) => void };

/** Counts per state, live; each is a toggle for that state's markers. */
export function StateChips({ store, shown, onChange }: Props) {
  const { lang } = useI18n();
  // Re-rendered once per live batch (a second); counting 50,000 devices takes well under a millisecond.
  useStoreVersion(store);
  const counts = store.countByState();
  const toggle = (state: DeviceState, on: boolean) => {
    const next = new Set(shown);
    if (on) next.add(state);
    else next.delete(state);
    onChange(next);
  };
  return (
    <div className="monitor-states" role="group">
      {DeviceStates.map((state) => (
        <Tag.CheckableTag
          key={state}
          checked={shown.has(state)}
          onChange={(on) => toggle(state, on)}
          className="monitor-state-chip"
          data-state={state}
        >
          <span className="monitor-state-dot" style={{ background: DEVICE_STATE_FILL[state] }} />
          {DEVICE_STATE_LABELS[state][lang]}
          <b className="monitor-state-count">{counts[state]}</b>
        </Tag.CheckableTag>
      ))}
    </div>
  );
}
