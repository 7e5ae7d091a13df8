import { DevListQuery } from '@cvrisk/contracts';
import { useMemo } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { FieldFilterForm } from '../../components/listFields';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { DEVICE_FIELDS, deviceColumns, filtersFromQuery, filtersToQuery } from './deviceFields';
import { exportDevices, fetchDevicePage } from './devices.queries';

const LIST_ID = 'devices';

/** 设备基础信息 (报表中心): every device in the caller's scope with its install and last report. */
export function DeviceListPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const canReset = user.permissions.includes('device:reset');
  const columns = useMemo(() => deviceColumns(t, canReset ? LIST_ID : undefined), [t, canReset]);

  return (
    <ListScreen
      id={LIST_ID}
      title={t('device.listTitle')}
      schema={DevListQuery}
      fetchPage={fetchDevicePage}
      toForm={filtersFromQuery}
      fromForm={filtersToQuery}
      filters={(props) => <FieldFilterForm fields={DEVICE_FIELDS} {...props} />}
      columns={columns}
      rowKey="id"
      exportFile={exportDevices}
      exportAllowed={user.permissions.includes('device:export')}
    />
  );
}
