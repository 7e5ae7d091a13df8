import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { removeToken } from '../../api/token';
import { ForcedPasswordChange } from '../../features/account/ForcedPasswordChange';
import { productsQuery } from '../../features/catalog/catalog.queries';
import { prefetchHome } from '../../features/home/homePrefetch';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { saveCurrentUser } from '../session/currentUser';
import { SessionContext } from '../session/SessionContext';
import { sessionQuery } from '../session/session.queries';
import { useToken } from '../session/useToken';
import { isPublicPath, loginPathFor } from './guard';
import { buildMenu } from './menu';
import { opensHome, preloadSignedIn } from './preload';
import { viewKeys } from './viewRegistry';

function FullPageSpin() {
  return (
    <div className="full-page-center">
      <Spin size="large" />
    </div>
  );
}

export function AuthGuard() {
  const token = useToken();
  const { pathname, search } = useLocation();
  if (!token && !isPublicPath(pathname)) return <Navigate to={loginPathFor(pathname, search)} replace />;
  if (!token) return <Navigate to="/404" replace />;
  return <SessionGate token={token} />;
}

function SessionGate({ token }: { token: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // Where the console opened: read once, the shell and page code start beside the session call.
  const [landing] = useState(pathname);
  const session = useQuery(sessionQuery(token));
  const data = session.data;

  useEffect(() => preloadSignedIn(landing), [landing]);
  const value = useMemo(() => (data ? { user: data.user, menu: buildMenu(data.routes, data.user.permissions, viewKeys) } : null), [data]);

  useEffect(() => {
    if (!data) return;
    saveCurrentUser(data.user);
    // console-spec §6: the product list loads only once a token exists; dispatch dialogs read it from the cache.
    // While the password must be changed the server opens nothing else, so it waits for the change.
    if (data.user.mustChangePassword) return;
    void queryClient.prefetchQuery(productsQuery());
    // Opened on the home (a reload, a bookmark): its figures go out with the session's answer.
    if (opensHome(landing)) prefetchHome(queryClient, data.user.permissions);
  }, [data, queryClient, landing]);

  if (session.isError) {
    return (
      <Result
        status="error"
        title={t('error.session')}
        subTitle={session.error.message}
        extra={[
          <Button key="retry" type="primary" onClick={() => void session.refetch()}>
            {t('common.retry')}
          </Button>,
          <Button key="login" onClick={removeToken}>
            {t('common.relogin')}
          </Button>,
        ]}
      />
    );
  }
  if (!value) return <FullPageSpin />;
  return (
    <SessionContext value={value}>
      {/* A password an administrator set is changed before anything else opens (issue 18). */}
      {value.user.mustChangePassword ? (
        <ForcedPasswordChange token={token} />
      ) : (
        <Suspense fallback={<FullPageSpin />}>
          <Outlet />
        </Suspense>
      )}
    </SessionContext>
  );
}
