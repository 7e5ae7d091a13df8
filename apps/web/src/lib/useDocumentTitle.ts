import { useEffect } from 'react';
import { useI18n } from './i18n/I18nProvider';

/** `<page title> - 车联网风控平台`, or the platform name alone. */
export function useDocumentTitle(pageTitle: string | undefined): void {
  const { t } = useI18n();
  const app = t('app.name');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${app}` : app;
  }, [pageTitle, app]);
}
