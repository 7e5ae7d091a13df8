import { ONLINE_STATE_LABELS, type OnlineCheckItem, type OnlineState } from '@cvrisk/contracts';
import { Button, Space, Tag } from 'antd';
import type { ListColumn } from '../../components/ListTable';
import { CommandStateTag, DEVICE_STATE_COLORS, DeviceKindTag } from '../../components/StatusTags';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';
import { awaiting, usePositionQueries, type TrackedQuery } from './PositionQueries';

/** Online in the colour of a moving device, the others in their own (as on the map). */
const ONLINE_STATE_COLORS: Record<OnlineState, string> = {
  online: DEVICE_STATE_COLORS.moving,
  offline: DEVICE_STATE_COLORS.offline,
  never: DEVICE_STATE_COLORS.never,
};

function OnlineStateTag({ state }: { state: OnlineState }) {
  const { lang } = useI18n();
  return <Tag color={ONLINE_STATE_COLORS[state]}>{ONLINE_STATE_LABELS[state][lang]}</Tag>;
}

function QueryStateTag({ query }: { query: TrackedQuery }) {
  const { t } = useI18n();
  if (query.timedOut) return <Tag color="volcano">{t('onlineCheck.timeout')}</Tag>;
  return (
    <span title={query.reply ?? undefined}>
      <CommandStateTag state={query.state} />
    </span>
  );
}

/** 查询 for an online device, then the query's state as its answer comes in. */
function PositionQueryCell({ device }: { device: OnlineCheckItem }) {
  const { t } = useI18n();
  const queries = usePositionQueries();
  const query = queries.tracked[device.deviceNumber];
  const offline = device.onlineState !== 'online';
  return (
    <Space size={4}>
      <Button
        type="link"
        size="small"
        aria-label={t('onlineCheck.queryOne', { device: device.deviceNumber })}
        title={offline ? t('onlineCheck.offlineHint') : undefined}
        disabled={offline || (query !== undefined && awaiting(query))}
        loading={queries.sendingOne === device.deviceNumber}
        onClick={() => queries.queryOne(device.deviceNumber)}
      >
        {t('onlineCheck.query')}
      </Button>
      {query && <QueryStateTag query={query} />}
    </Space>
  );
}

/** Once the device answered a query, the report it answered with; before, the one the list read. */
function LastReport({ device, field }: { device: OnlineCheckItem; field: 'lastTime' | 'address' }) {
  const query = usePositionQueries().tracked[device.deviceNumber];
  return orDash((query?.state === 'answered' ? query : device)[field]);
}

/**
 * The check's table; users holding device:command also get the 位置查询 column. On a phone that column
 * scrolls with the rest: pinned beside the pinned device number it left no room for anything else.
 */
export function onlineCheckColumns(t: Translate, canQuery: boolean, phone: boolean): ListColumn<OnlineCheckItem>[] {
  const text = (key: keyof OnlineCheckItem & string, title: string, width: number): ListColumn<OnlineCheckItem> => ({
    key, dataIndex: key, title, width, ellipsis: true, render: (v: string | null) => orDash(v),
  });
  const columns: ListColumn<OnlineCheckItem>[] = [
    { ...text('deviceNumber', t('device.deviceNumber'), 150), fixed: 'left', locked: true },
    { key: 'deviceKind', title: t('device.kindColumn'), width: 70, align: 'center', render: (_, d) => <DeviceKindTag kind={d.deviceKind} /> },
    text('plateNumber', t('device.plateNumber'), 100),
    text('carFrameNumber', t('device.carFrameNumber'), 170),
    text('customerName', t('device.customer'), 90),
    text('deptName', t('onlineCheck.dealer'), 160),
    { key: 'onlineState', title: t('onlineCheck.onlineState'), width: 90, align: 'center', render: (_, d) => <OnlineStateTag state={d.onlineState} /> },
    { key: 'lastTime', title: t('device.lastTime'), width: 165, render: (_, d) => <LastReport device={d} field="lastTime" /> },
    { key: 'address', title: t('onlineCheck.lastPlace'), width: 200, ellipsis: true, render: (_, d) => <LastReport device={d} field="address" /> },
  ];
  if (!canQuery) return columns;
  return [
    ...columns,
    {
      key: 'positionQuery', title: t('onlineCheck.positionQuery'), width: 130, fixed: phone ? undefined : 'right', locked: true,
      render: (_, d) => <PositionQueryCell device={d} />,
    },
  ];
}
