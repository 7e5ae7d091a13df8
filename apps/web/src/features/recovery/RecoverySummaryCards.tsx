import { RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Col } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { StatCard } from '../home/StatCard';
import { recoverySummaryQuery } from './recovery.queries';
import { RECOVERY_FIGURES } from './recoveryFigures';

const card = { xs: 24, sm: 12, lg: 8 };

/** The home's recovery figures (recovery:view); 进行中案件 opens the open cases. */
export function RecoverySummaryCards() {
  const { t } = useI18n();
  const { menu } = useSession();
  const path = menu.pages.find((p) => p.view === 'recoveryCases')?.path;
  const summary = useQuery(recoverySummaryQuery());
  return (
    <>
      {RECOVERY_FIGURES.map((f) => (
        <Col {...card} key={f.key}>
          <StatCard
            title={t(f.title)}
            value={summary.data?.[f.key]}
            unit={t(f.unit)}
            icon={f.icon}
            color={f.color}
            loading={summary.isPending && !summary.isError}
            footer={
              f.key === 'open' &&
              path && (
                <Link to={`${path}?open=true`}>
                  {t('recovery.figure.view')} <RightOutlined />
                </Link>
              )
            }
          />
        </Col>
      ))}
    </>
  );
}
