import { CarOutlined, HddOutlined, RightOutlined, TeamOutlined, WifiOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { percent } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { DeviceOverview } from './DeviceOverview';
import { CustomerGradeCard } from './CustomerGradeCard';
import { DeviceStateChart } from './DeviceStateChart';
import { DispatchOrderCard } from './DispatchOrderCard';
import { carCountQuery, customerCountQuery, deviceOnlineQuery } from './home.queries';
import { StatCard } from './StatCard';
import { UnhandledTypeCard } from './UnhandledTypeCard';
import { WarningStatCards } from './WarningStatCards';
import { WarningTrendCard } from './WarningTrendCard';
import { WeekWarningCard } from './WeekWarningCard';
import './home.css';

/**
 * 首页: device, car, customer and warning figures of the caller's scope. Warning figures need
 * `warning:view` and customer figures `customer:view`; without them their cards are not shown.
 */
export function HomePage() {
  const { t } = useI18n();
  const { menu, user } = useSession();
  const seesWarnings = user.permissions.includes('warning:view');
  const seesCustomers = user.permissions.includes('customer:view');
  const seesOrders = user.permissions.includes('order:dispatch');
  const carsPage = menu.pages.find((p) => p.view === 'customerCars');
  const devices = useQuery(deviceOnlineQuery());
  const customers = useQuery(customerCountQuery(seesCustomers));
  const cars = useQuery(carCountQuery());
  const d = devices.data;
  const c = customers.data;
  const devicesLoading = devices.isPending && !devices.isError;

  const card = { xs: 24, sm: 12, xl: 6 };
  // Loading shows where the figures will appear; a failure (already toasted) offers a retry.
  const deviceBlock = (content: ReactNode) => {
    if (content) return content;
    if (devices.isError) {
      return (
        <Empty description={t('common.loadFailed')}>
          <Button onClick={() => void devices.refetch()}>{t('common.retry')}</Button>
        </Empty>
      );
    }
    return <Skeleton active paragraph={{ rows: 6 }} />;
  };
  return (
    <div className="home">
      <Row gutter={[16, 16]}>
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
        {seesWarnings && <WarningStatCards />}
        {seesOrders && (
          <Col xs={24}>
            <DispatchOrderCard />
          </Col>
        )}
        <Col xs={24} xl={14}>
          <Card variant="borderless" title={t('home.stateChart')}>
            {deviceBlock(d && (d.total > 0 ? <DeviceStateChart stats={d} /> : <Empty description={t('common.noData')} />))}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card variant="borderless" title={t('home.overview')} className="overview-card">
            {deviceBlock(d && <DeviceOverview stats={d} />)}
          </Card>
        </Col>
        {seesWarnings && (
          <Col xs={24} xl={seesCustomers ? 16 : 24}>
            <WarningTrendCard />
          </Col>
        )}
        {seesCustomers && (
          <Col xs={24} xl={seesWarnings ? 8 : 24}>
            <CustomerGradeCard />
          </Col>
        )}
        {seesWarnings && (
          <>
            <Col xs={24} xl={9}>
              <UnhandledTypeCard />
            </Col>
            <Col xs={24} xl={15}>
              <WeekWarningCard />
            </Col>
          </>
        )}
      </Row>
    </div>
  );
}
