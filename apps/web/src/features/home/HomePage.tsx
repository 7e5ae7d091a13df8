import { CarOutlined, HddOutlined, RightOutlined, TeamOutlined, WifiOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Col, Row, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { percent } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { DispatchOrderCard } from './DispatchOrderCard';
import { HomeCardPlaceholder } from './HomeCardPlaceholder';
import { carCountQuery, customerCountQuery, deviceOnlineQuery } from './home.queries';
import { homeParts } from './homePrefetch';
import { InstallerOrderFigures } from './InstallerOrderFigures';
import { RecoverySummaryCards } from '../recovery/RecoverySummaryCards';
import { StatCard } from './StatCard';
import { WarningStatCards } from './WarningStatCards';
import './home.css';

// The charts and lists come after the figures have painted (see HomeCharts).
const HomeCharts = lazy(() => import('./HomeCharts').then((m) => ({ default: m.HomeCharts })));

/**
 * False for the first paint, true just after it. The home opens inside the router's transition, which
 * would otherwise wait for the charts' code and their rendering before showing any figure.
 */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame is drawn between the animation frame and the task after it.
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/**
 * 首页: device, car, customer and warning figures of the caller's scope. Warning figures need
 * `warning:view` and customer figures `customer:view`; without them their cards are not shown.
 * An installer company's staff see their own orders by state instead of the device figures.
 */
export function HomePage() {
  const { t } = useI18n();
  const { menu, user } = useSession();
  const parts = homeParts(user.permissions);
  const { warnings: seesWarnings, customers: seesCustomers, orders: seesOrders, devices: seesDevices } = parts;
  const carsPage = menu.pages.find((p) => p.view === 'customerCars');
  const devices = useQuery({ ...deviceOnlineQuery(), enabled: seesDevices });
  const customers = useQuery(customerCountQuery(seesCustomers));
  const cars = useQuery({ ...carCountQuery(), enabled: seesDevices });
  const d = devices.data;
  const c = customers.data;
  const devicesLoading = devices.isPending && !devices.isError;
  const card = { xs: 24, sm: 12, xl: 6 };
  const painted = usePainted();
  const chartsPlaceholder = (
    <Col xs={24}>
      <HomeCardPlaceholder />
    </Col>
  );
  return (
    <div className="home">
      <Row gutter={[16, 16]}>
        {parts.installer && <InstallerOrderFigures />}
        {seesDevices && (
          <>
            <Col {...card}>
              <StatCard
                title={t('home.deviceTotal')}
                value={d?.total}
                unit={t('home.unit.device')}
                icon={<HddOutlined />}
                color="#1668dc"
                loading={devicesLoading}
                footer={
                  d && (
                    <>
                      {t('home.wired')} <b>{d.wired.toLocaleString()}</b>
                      <span className="stat-sep" />
                      {t('home.wireless')} <b>{d.wireless.toLocaleString()}</b>
                    </>
                  )
                }
              />
            </Col>
            <Col {...card}>
              <StatCard
                title={t('home.onlineDevices')}
                value={d?.online}
                unit={t('home.unit.device')}
                icon={<WifiOutlined />}
                color="#389e0d"
                loading={devicesLoading}
                footer={
                  d && (
                    <>
                      {t('home.onlineRate')} <b>{percent(d.online, d.total)}%</b>
                      <span className="stat-sep" />
                      {t('home.offline')} <b>{d.offline.toLocaleString()}</b>
                    </>
                  )
                }
              />
            </Col>
            <Col {...card}>
              <StatCard
                title={t('home.carTotal')}
                value={cars.data?.count}
                unit={t('home.unit.car')}
                icon={<CarOutlined />}
                color="#08979c"
                loading={cars.isPending && !cars.isError}
                footer={
                  carsPage && (
                    <Link to={carsPage.path}>
                      {t('home.viewCars')} <RightOutlined />
                    </Link>
                  )
                }
              />
            </Col>
          </>
        )}
        {seesCustomers && (
          <Col {...card}>
            <StatCard
              title={t('home.customerTotal')}
              value={c?.total}
              unit={t('home.unit.person')}
              icon={<TeamOutlined />}
              color="#d46b08"
              loading={customers.isPending && !customers.isError}
              footer={
                c && (
                  <>
                    {t('home.overdueCustomers')} <Typography.Text type={c.overdue > 0 ? 'danger' : undefined} strong>{c.overdue.toLocaleString()}</Typography.Text>
                    <span className="stat-sep" />
                    {t('home.overdueRate')} <b>{percent(c.overdue, c.total)}%</b>
                  </>
                )
              }
            />
          </Col>
        )}
        {parts.recovery && <RecoverySummaryCards />}
        {seesWarnings && <WarningStatCards />}
        {seesOrders && (
          <Col xs={24}>
            <DispatchOrderCard />
          </Col>
        )}
        {(seesDevices || seesWarnings || seesCustomers) &&
          (painted ? (
            <Suspense fallback={chartsPlaceholder}>
              <HomeCharts parts={parts} />
            </Suspense>
          ) : (
            chartsPlaceholder
          ))}
      </Row>
    </div>
  );
}
