import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { watchTokenAcrossTabs } from '../api/token';
import { I18nProvider, useI18n } from '../lib/i18n/I18nProvider';
import { FeedbackBridge } from './FeedbackBridge';
import { queryClient } from './queryClient';
import { router } from './router/router';
import { SettingsProvider, useSettings } from './settings/SettingsProvider';
import { antdThemeOf } from './settings/themes';

/** console-spec §9: messages stay 2 seconds. */
const MESSAGE_CONFIG = { duration: 2, maxCount: 3 };

function ThemedApp() {
  const { lang } = useI18n();
  const { settings } = useSettings();
  const themeConfig = useMemo(() => antdThemeOf(settings.theme), [settings.theme]);

  useEffect(() => {
    document.documentElement.dataset.theme = settings.theme;
  }, [settings.theme]);

  return (
    <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={themeConfig}>
      <AntdApp message={MESSAGE_CONFIG} notification={{ placement: 'topRight' }} className="app-root">
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

export function App() {
  useEffect(() => watchTokenAcrossTabs(), []);
  return (
    <I18nProvider>
      <SettingsProvider>
        <ThemedApp />
      </SettingsProvider>
    </I18nProvider>
  );
}
