import { DevListQuery } from '@cvrisk/contracts';
import { useMemo } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { deviceColumns } from './deviceColumns';
import { DeviceFilterForm } from './DeviceFilterForm';
import { filtersFromQuery, filtersToQuery } from './deviceFilters';
import { exportDevices, fetchDevicePage } from './devices.queries';

/** 设备基础信息 (报表中心): every device in the caller's scope with its install and last report. */
export function DeviceListPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const columns = useMemo(() => deviceColumns(t), [t]);

  return (
    <ListScreen
      id="devices"
      title={t('device.listTitle')}
      schema={DevListQuery}
      fetchPage={fetchDevicePage}
      toForm={filtersFromQuery}
      fromForm={filtersToQuery}
      filters={(props) => <DeviceFilterForm {...props} />}
      columns={columns}
      rowKey="id"
      exportFile={exportDevices}
      exportAllowed={user.permissions.includes('device:export')}
    />
  );
}
