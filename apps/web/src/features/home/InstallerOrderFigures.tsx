import { ExclamationCircleOutlined, FileSearchOutlined, InboxOutlined, RightOutlined, ToolOutlined } from '@ant-design/icons';
import type { OrderState } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Empty } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import type { MessageKey } from '../../lib/i18n/translate';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { mineCountsQuery } from '../dispatch/dispatch.queries';
import { StatCard } from './StatCard';

type Figure = { state: OrderState; title: MessageKey; tab?: string; icon: ReactNode; color: string };

/** What an installer works through, each opening its tab of 我的安装单; abnormal installs wait in the audit tab. */
const FIGURES: readonly Figure[] = [
  { state: 2, title: 'home.installer.waiting', icon: <InboxOutlined />, color: '#1668dc' },
  { state: 3, title: 'home.installer.working', tab: 'working', icon: <ToolOutlined />, color: '#08979c' },
  { state: 4, title: 'home.installer.review', tab: 'review', icon: <FileSearchOutlined />, color: '#d48806' },
  { state: 6, title: 'home.installer.abnormal', tab: 'review', icon: <ExclamationCircleOutlined />, color: '#cf1322' },
];

const card = { xs: 24, sm: 12, xl: 6 };

/** The installer company's home: its own orders by state, not the institution's device figures it may not see. */
export function InstallerOrderFigures() {
  const { t } = useI18n();
  const { menu } = useSession();
  const path = menu.pages.find((p) => p.view === 'installerOrders')?.path;
  const query = useQuery(mineCountsQuery());
  const counts = query.data;
  if (query.isError && !counts) {
    return (
      <Col xs={24}>
        <Empty description={t('common.loadFailed')}>
          <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>
        </Empty>
      </Col>
    );
  }
  return (
    <>
      {FIGURES.map((f) => (
        <Col {...card} key={f.state}>
          <StatCard
            title={t(f.title)}
            value={counts ? (counts[f.state] ?? 0) : undefined}
            unit={t('home.unit.order')}
            icon={f.icon}
            color={f.color}
            loading={query.isPending}
            footer={
              path && (
                <Link to={f.tab ? `${path}?tab=${f.tab}` : path}>
                  {t(f.state === 2 ? 'home.installer.open' : 'home.installer.view')} <RightOutlined />
                </Link>
              )
            }
          />
        </Col>
      ))}
    </>
  );
}
