import { AlertOutlined, CarOutlined, LockOutlined, SafetyCertificateFilled, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Segmented, theme } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { getToken } from '../../api/token';
import { safeRedirect } from '../../app/router/guard';
import { greetingKeyAt } from '../../app/session/greeting';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { isPassword } from '../../lib/validators';
import './login.css';

type SignInModule = typeof import('./signIn');
let signInModule: Promise<SignInModule> | undefined;
/** The sign-in's code (contracts, session and home queries) is fetched once the form is up, not before it paints. */
const loadSignIn = () => (signInModule ??= import('./signIn'));

type Credentials = { username: string; password: string };

export function LoginPage() {
  const { t, lang, setLang } = useI18n();
  const { notification } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  // Read once: the token appears mid-sign-in and must not short-cut the greeting.
  const [signedInAlready] = useState(() => getToken() !== null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('page.login'));
  useEffect(() => {
    void loadSignIn()
      .then((m) => m.prepareLogin())
      .catch(() => undefined);
  }, []);

  if (signedInAlready) return <Navigate to={redirect} replace />;

  const submit = async (values: Credentials) => {
    setBusy(true);
    setError(null);
    try {
      const { signIn } = await loadSignIn();
      const signedIn = await signIn(queryClient, { username: values.username.trim(), password: values.password }, redirect);
      if (!signedIn) throw new Error(t('login.noToken'));
      notification.success({
        title: t('greet.withName', {
          greeting: t(greetingKeyAt(Date.now())),
          name: signedIn.realname || values.username,
        }),
        description: t('login.welcome'),
      });
      navigate(redirect, { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : t('error.unknown'));
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <section className="login-brand">
        <div className="login-brand-head">
          <SafetyCertificateFilled className="login-brand-mark" />
          <span className="login-brand-name">{t('app.name')}</span>
        </div>
        <div className="login-brand-body">
          <h1>{t('app.name')}</h1>
          <p className="login-tagline">{t('app.tagline')}</p>
          <ul className="login-features">
            <li>
              <CarOutlined /> {t('login.feature1')}
            </li>
            <li>
              <AlertOutlined /> {t('login.feature2')}
            </li>
            <li>
              <SafetyOutlined /> {t('login.feature3')}
            </li>
          </ul>
        </div>
        <div className="login-brand-foot">{t('app.footer', { year: new Date().getFullYear() })}</div>
      </section>

      <section className="login-panel" style={{ background: token.colorBgContainer }}>
        <div className="login-lang">
          <Segmented
            size="small"
            value={lang}
            onChange={(v) => setLang(v === 'en' ? 'en' : 'zh')}
            options={[
              { value: 'zh', label: '中文' },
              { value: 'en', label: 'EN' },
            ]}
          />
        </div>
        <div className="login-form">
          <div className="login-form-product">
            <SafetyCertificateFilled style={{ color: token.colorPrimary }} /> {t('app.name')}
          </div>
          {/* Plain elements in the antd tokens' colours: the login page does without antd's Typography code. */}
          <h3 className="login-form-title" style={{ color: token.colorTextHeading }}>
            {t('login.title')}
          </h3>
          <Form<Credentials> layout="vertical" size="large" onFinish={submit} requiredMark={false} disabled={busy}>
            <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" maxLength={64} autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[
                { required: true, message: t('login.passwordRequired') },
                { validator: (_, v: string | undefined) => (!v || isPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('login.passwordShort')))) },
              ]}
            >
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={128} />
            </Form.Item>
            {error && <Alert type="error" title={error} showIcon className="login-error" role="alert" />}
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.submit')}
            </Button>
          </Form>
          <p className="login-security" style={{ color: token.colorTextSecondary }}>
            <LockOutlined /> {t('login.security')}
          </p>
        </div>
      </section>
    </div>
  );
}
