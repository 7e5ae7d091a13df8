import { CarDeviceListQuery } from '@cvrisk/contracts';
import { useMemo } from 'react';
import { FieldFilterForm } from '../../components/listFields';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CAR_FIELDS, carColumns, filtersFromQuery, filtersToQuery } from './carFields';
import { CARS_KEY, exportCars, fetchCarPage } from './cars.queries';

/** 客户车辆 (风险管理): each financed car with its customer, loan state and installed devices. */
export function CustomerCarListPage() {
  const { t } = useI18n();
  const columns = useMemo(() => carColumns(t), [t]);

  return (
    <ListScreen
      id={CARS_KEY}
      title={t('car.listTitle')}
      schema={CarDeviceListQuery}
      fetchPage={fetchCarPage}
      toForm={filtersFromQuery}
      fromForm={filtersToQuery}
      filters={(props) => <FieldFilterForm fields={CAR_FIELDS} {...props} />}
      columns={columns}
      rowKey="carId"
      exportFile={exportCars}
    />
  );
}
