import { GlobalOutlined, LeftOutlined } from '@ant-design/icons';
import { formatTime } from '@cvrisk/contracts';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { HOME_PATH } from '../../app/router/guard';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** The Shanghai time, ticking; on its own so that the second hand re-renders nothing else. */
function Clock() {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <time className="dashboard-clock">{formatTime(now)}</time>;
}

export function DashboardHeader() {
  const { t, lang, setLang } = useI18n();
  return (
    <header className="dashboard-header">
      <Link to={HOME_PATH} className="dashboard-back">
        <LeftOutlined /> {t('dashboard.backToConsole')}
      </Link>
      <h1>
        {t('app.name')}
        <small>{t('dashboard.name')}</small>
      </h1>
      <div className="dashboard-header-side">
        <Clock />
        <Button type="text" size="small" icon={<GlobalOutlined />} aria-label={t('layout.language')} onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}>
          {lang === 'zh' ? 'EN' : '中文'}
        </Button>
      </div>
    </header>
  );
}
