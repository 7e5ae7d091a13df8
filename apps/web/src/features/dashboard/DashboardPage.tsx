import { ConfigProvider, theme } from 'antd';
import { useEffect } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { CarMapPanel } from './CarMapPanel';
import { DashboardHeader } from './DashboardHeader';
import { LiveCounters } from './LiveCounters';
import { LiveWarningPanel } from './LiveWarningPanel';
import { UnhandledTypePanel } from './UnhandledTypePanel';
import { WarningTrendPanel } from './WarningTrendPanel';
import './dashboard.css';

/** Dark whatever the console's theme: the board hangs on a control-room wall. */
const BOARD_THEME = { algorithm: theme.darkAlgorithm, token: { colorPrimary: '#1890ff' } };

/**
 * 数据大屏: the scope's cars on the map, live counters, warnings as they are raised and the week's
 * trends, sized to the window with nothing to scroll. Warning panels need `warning:view`.
 */
export function DashboardPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const seesWarnings = user.permissions.includes('warning:view');
  useDocumentTitle(t('dashboard.name'));

  useEffect(() => {
    // The page is the screen: no scroll bar may steal width from the grid.
    document.documentElement.classList.add('dashboard-open');
    return () => document.documentElement.classList.remove('dashboard-open');
  }, []);

  return (
    <ConfigProvider theme={BOARD_THEME}>
      <div className={`dashboard${seesWarnings ? '' : ' is-limited'}`}>
        <DashboardHeader />
        <main className="dashboard-grid">
          {seesWarnings && (
            <div className="dashboard-column">
              <WarningTrendPanel />
              <UnhandledTypePanel />
            </div>
          )}
          <div className="dashboard-center">
            <LiveCounters seesWarnings={seesWarnings} />
            <CarMapPanel />
          </div>
          {seesWarnings && <LiveWarningPanel />}
        </main>
      </div>
    </ConfigProvider>
  );
}
