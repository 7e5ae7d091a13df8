import { AlarmListQuery } from '@cvrisk/contracts';
import { useMemo } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { FieldFilterForm } from '../../components/listFields';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { ALARM_FIELDS, alarmColumns, filtersFromQuery, filtersToQuery } from './alarmFields';
import { exportAlarms, fetchAlarmPage } from './alarms.queries';

/** 设备报警 (风险管理): raw terminal alarms, one row from the moment a bit turned on until it turned off. */
export function DeviceAlarmListPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const columns = useMemo(() => alarmColumns(t), [t]);

  return (
    <ListScreen
      id="deviceAlarm"
      title={t('riskAdmin.alarmTitle')}
      schema={AlarmListQuery}
      fetchPage={fetchAlarmPage}
      toForm={filtersFromQuery}
      fromForm={filtersToQuery}
      filters={(props) => <FieldFilterForm fields={ALARM_FIELDS} {...props} />}
      columns={columns}
      rowKey="id"
      exportFile={exportAlarms}
      exportAllowed={user.permissions.includes('warning:export')}
    />
  );
}
