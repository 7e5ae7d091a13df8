import { SafetyCertificateFilled } from '@ant-design/icons';
import { useI18n } from '../../lib/i18n/I18nProvider';

export function Logo({ collapsed = false }: { collapsed?: boolean }) {
  const { t, lang } = useI18n();
  return (
    <div className={`shell-logo${collapsed ? ' is-collapsed' : ''}`} title={t('app.name')}>
      <SafetyCertificateFilled className="shell-logo-mark" />
      {!collapsed && <span className={`shell-logo-text lang-${lang}`}>{lang === 'zh' ? t('app.name') : 'cvRisk'}</span>}
    </div>
  );
}
