import { AlertOutlined, BellOutlined, CalendarOutlined, ExclamationCircleOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Col } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { alarmCountQuery, warningCountQuery, warningListWeekQuery } from './home.queries';
import { StatCard } from './StatCard';

const card = { xs: 24, sm: 12, xl: 6 };
const pending = (q: { isPending: boolean; isError: boolean }) => q.isPending && !q.isError;

/** The second row of figures, for users who may see warnings: today, unhandled, this week, device alarms. */
export function WarningStatCards() {
  const { t } = useI18n();
  const { menu } = useSession();
  const warningsPage = menu.pages.find((p) => p.view === 'riskWarning');
  const warnings = useQuery(warningCountQuery());
  const alarms = useQuery(alarmCountQuery());
  const week = useQuery(warningListWeekQuery());
  const w = warnings.data;
  const a = alarms.data;
  return (
    <>
      <Col {...card}>
        <StatCard
          title={t('home.warningToday')}
          value={w?.today}
          unit={t('home.unit.item')}
          icon={<AlertOutlined />}
          color="#cf1322"
          loading={pending(warnings)}
          footer={w && (<>{t('home.handledToday')} <b>{w.handledToday.toLocaleString()}</b></>)}
        />
      </Col>
      <Col {...card}>
        <StatCard
          title={t('home.unhandledWarnings')}
          value={w?.unhandled}
          unit={t('home.unit.item')}
          icon={<ExclamationCircleOutlined />}
          color="#d4380d"
          loading={pending(warnings)}
          footer={
            warningsPage && (
              <Link to={`${warningsPage.path}?dealStatus=0`}>
                {t('home.viewUnhandled')} <RightOutlined />
              </Link>
            )
          }
        />
      </Col>
      <Col {...card}>
        <StatCard
          title={t('home.warningWeek')}
          value={week.data?.count}
          unit={t('home.unit.item')}
          icon={<CalendarOutlined />}
          color="#1668dc"
          loading={pending(week)}
          footer={t('home.weekSince')}
        />
      </Col>
      <Col {...card}>
        <StatCard
          title={t('home.alarmToday')}
          value={a?.today}
          unit={t('home.unit.alarm')}
          icon={<BellOutlined />}
          color="#d48806"
          loading={pending(alarms)}
          footer={
            a && (
              <>
                {t('home.alarmWeek')} <b>{a.week.toLocaleString()}</b>
                <span className="stat-sep" />
                {t('home.alarmOpen')} <b>{a.open.toLocaleString()}</b>
              </>
            )
          }
        />
      </Col>
    </>
  );
}
