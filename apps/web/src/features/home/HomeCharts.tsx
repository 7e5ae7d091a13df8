import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Skeleton } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CustomerGradeCard } from './CustomerGradeCard';
import { DeviceOverview } from './DeviceOverview';
import { DeviceStateChart } from './DeviceStateChart';
import { HomeCardPlaceholder } from './HomeCardPlaceholder';
import { deviceOnlineQuery } from './home.queries';
import type { homeParts } from './homePrefetch';
import { UnhandledTypeCard } from './UnhandledTypeCard';
import { WarningTrendCard } from './WarningTrendCard';

// The week's list brings antd's table: the charts beside it do not wait for that code.
const WeekWarningCard = lazy(() => import('./WeekWarningCard').then((m) => ({ default: m.WeekWarningCard })));

/**
 * The home's charts and lists, below its figures. Loaded as a part of its own after the figures have
 * painted: rendering them (and then ECharts) is most of the home's work, and nobody reads a chart
 * before the numbers above it.
 */
export function HomeCharts({ parts }: { parts: ReturnType<typeof homeParts> }) {
  const { t } = useI18n();
  const { warnings: seesWarnings, customers: seesCustomers, devices: seesDevices } = parts;
  const devices = useQuery({ ...deviceOnlineQuery(), enabled: seesDevices });
  const d = devices.data;
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
    <>
      {seesDevices && (
        <>
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
        </>
      )}
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
            <Suspense fallback={<HomeCardPlaceholder />}>
              <WeekWarningCard />
            </Suspense>
          </Col>
        </>
      )}
    </>
  );
}
