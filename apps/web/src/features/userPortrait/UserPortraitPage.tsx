import { Codes } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/envelope';
import { useSession } from '../../app/session/SessionContext';
import { LoadFailure } from '../../components/LoadFailure';
import { VehicleUsePanel } from '../../components/map/VehicleUsePanel';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { portraitPath } from '../../lib/portraitLinks';
import { CarStopsAndTrips } from './CarStopsAndTrips';
import { CarsCard } from './CarsCard';
import { CustomerCard } from './CustomerCard';
import { portraitCustomerQuery, portraitTargetQuery } from './portrait.queries';
import { UseCard } from './UseCard';
import { WarningCountsCard } from './WarningCountsCard';
import './userPortrait.css';

const idOf = (v: string | null) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/**
 * 用户画像 (hidden route /risk/userPortrait): one customer — loan, grade, cars and devices, warnings,
 * how the car was driven and where it sleeps and works — from `customerid` (and `carid` for one of
 * several cars), or from a `deviceNumber` whose car it resolves.
 */
export function UserPortraitPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { user } = useSession();
  const [params] = useSearchParams();
  const customerId = idOf(params.get('customerid'));
  const deviceNumber = params.get('deviceNumber');
  const target = useQuery({ ...portraitTargetQuery(deviceNumber ?? ''), enabled: customerId === null && !!deviceNumber });
  // A device's link resolves to its customer's address, so the tab and a shared link name the customer.
  useEffect(() => {
    if (target.data) void navigate(portraitPath(target.data), { replace: true });
  }, [target.data, navigate]);

  const customer = useQuery({ ...portraitCustomerQuery(customerId ?? 0), enabled: customerId !== null });
  const c = customer.data;
  useDocumentTitle(c ? `${t('portrait.title')} · ${c.customerName}` : t('portrait.title'));
  const chosen = idOf(params.get('carid'));
  const car = c ? (c.cars.find((x) => x.carId === chosen) ?? c.cars[0] ?? null) : null;
  const latest = car?.devices.filter((d) => d.lng !== null && d.lat !== null).sort((a, b) => (b.lastTime ?? '').localeCompare(a.lastTime ?? ''))[0];

  if (target.isError) return <LoadFailure error={target.error} retry={() => void target.refetch()} />;
  if (customer.isError) return <LoadFailure error={customer.error} retry={() => void customer.refetch()} />;
  // A link without a customer (or a hand-edited one) names nobody: as a missing customer would.
  if (customerId === null && !deviceNumber) return <LoadFailure error={new ApiError({ kind: 'code', code: Codes.NOT_FOUND, msg: '客户不存在' }, '客户不存在')} retry={() => undefined} />;
  if (!c) return <Card><Skeleton active paragraph={{ rows: 8 }} /></Card>;

  return (
    <div className="portrait-page">
      <CustomerCard c={c} canMark={user.permissions.includes('warning:handle')} />
      <div className="portrait-grid">
        <div className="portrait-column">
          <CarsCard cars={c.cars} carId={car?.carId ?? null} onCar={(id) => void navigate(portraitPath({ customerId: c.customerId, carId: id }), { replace: true })} />
          <WarningCountsCard customerId={c.customerId} phone={c.customerPhone} />
        </div>
        <Card className="portrait-card portrait-map-card" title={t('portrait.analysis')}>
          <VehicleUsePanel
            mode="portrait"
            carid={car?.carId ?? null}
            latest={latest ? { lng: latest.lng!, lat: latest.lat! } : null}
            className="portrait-map"
          />
        </Card>
      </div>
      {car && (
        <>
          <UseCard carId={car.carId} />
          <CarStopsAndTrips carId={car.carId} />
        </>
      )}
    </div>
  );
}
