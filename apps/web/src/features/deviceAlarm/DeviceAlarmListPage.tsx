import { AlarmListQuery } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { dictName } from '../../components/DictSelect';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { alarmColumns } from './alarmColumns';
import { AlarmFilterForm } from './AlarmFilterForm';
import { filtersFromQuery, filtersToQuery } from './alarmFilters';
import { alarmTypesQuery, exportAlarms, fetchAlarmPage } from './alarms.queries';

/** 设备报警 (风险管理): raw terminal alarms, one row from the moment a bit turned on until it turned off. */
export function DeviceAlarmListPage() {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const types = useQuery(alarmTypesQuery());
  const columns = useMemo(() => {
    const names = new Map((types.data ?? []).map((x) => [x.code, dictName(x, lang)]));
    return alarmColumns(t, lang, (code) => names.get(code));
  }, [t, lang, types.data]);

  return (
    <ListScreen
      id="deviceAlarm"
      title={t('riskAdmin.alarmTitle')}
      schema={AlarmListQuery}
      fetchPage={fetchAlarmPage}
      toForm={filtersFromQuery}
      fromForm={filtersToQuery}
      filters={(props) => <AlarmFilterForm {...props} />}
      columns={columns}
      rowKey="id"
      exportFile={exportAlarms}
      exportAllowed={user.permissions.includes('warning:export')}
    />
  );
}
