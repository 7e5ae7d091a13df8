import { App, Button, Drawer, Form, Radio, Space, Switch } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useSettings } from '../settings/SettingsProvider';
import { THEMES, type ThemeName } from '../settings/themeSettings';
import { antdThemeOf, shellPaletteOf } from '../settings/themes';

function Swatch({ name }: { name: ThemeName }) {
  const primary = String(antdThemeOf(name).token?.colorPrimary);
  return (
    <span className="theme-swatch" aria-hidden>
      <span style={{ background: shellPaletteOf(name).siderBg }} />
      <span style={{ background: primary }} />
    </span>
  );
}

export function ThemeDrawer({ isMobile }: { isMobile: boolean }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const { settings, drawerOpen, closeDrawer, preview, save, reset } = useSettings();

  return (
    <Drawer
      title={t('theme.title')}
      open={drawerOpen}
      onClose={closeDrawer}
      size={320}
      footer={
        <Space className="theme-drawer-footer">
          <Button onClick={reset}>{t('theme.reset')}</Button>
          <Button
            type="primary"
            onClick={() => {
              save();
              void message.success(t('theme.saved'));
            }}
          >
            {t('theme.save')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('theme.theme')}>
          <Radio.Group value={settings.theme} onChange={(e) => preview({ theme: e.target.value as ThemeName })} className="theme-options">
            {THEMES.map((name) => (
              <Radio.Button key={name} value={name}>
                <Swatch name={name} />
                {t(`theme.${name}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('theme.layout')} extra={isMobile ? t('theme.mobileHint') : undefined}>
          <Radio.Group
            value={settings.layout}
            disabled={isMobile}
            onChange={(e) => preview({ layout: e.target.value as 'vertical' | 'horizontal' })}
            optionType="button"
            options={[
              { value: 'vertical', label: t('theme.vertical') },
              { value: 'horizontal', label: t('theme.horizontal') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('theme.header')}>
          <Radio.Group
            value={settings.header}
            onChange={(e) => preview({ header: e.target.value as 'fixed' | 'noFixed' })}
            optionType="button"
            options={[
              { value: 'fixed', label: t('theme.fixed') },
              { value: 'noFixed', label: t('theme.noFixed') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('theme.tabsBar')}>
          <Switch checked={settings.tabsBar} onChange={(tabsBar) => preview({ tabsBar })} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
