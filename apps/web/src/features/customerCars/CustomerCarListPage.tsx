import { CarDeviceListQuery } from '@cvrisk/contracts';
import { useMemo } from 'react';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { carColumns } from './carColumns';
import { CarFilterForm } from './CarFilterForm';
import { filtersFromQuery, filtersToQuery } from './carFilters';
import { exportCars, fetchCarPage } from './cars.queries';

/** 客户车辆 (风险管理): each financed car with its customer, loan state and installed devices. */
export function CustomerCarListPage() {
  const { t } = useI18n();
  const columns = useMemo(() => carColumns(t), [t]);

  return (
    <ListScreen
      id="customerCars"
      title={t('car.listTitle')}
      schema={CarDeviceListQuery}
      fetchPage={fetchCarPage}
      toForm={filtersFromQuery}
      fromForm={filtersToQuery}
      filters={(props) => <CarFilterForm {...props} />}
      columns={columns}
      rowKey="carId"
      exportFile={exportCars}
    />
  );
}
