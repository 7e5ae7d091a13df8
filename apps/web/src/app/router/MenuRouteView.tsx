import { Spin } from 'antd';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/SessionContext';
import { resolvePath } from './menu';
import { PageErrorBoundary } from './PageErrorBoundary';
import { fixedRoutes, views } from './viewRegistry';

/** Every signed-in path lands here and is matched against the user's menu. */
export function MenuRouteView() {
  const { menu, user } = useSession();
  const { pathname } = useLocation();
  const target = resolvePath(menu, pathname, fixedRoutes, user.permissions);

  if (target.kind === 'redirect') return <Navigate to={target.to} replace />;
  if (target.kind === 'forbidden') return <Navigate to="/401" replace />;
  const view = target.kind === 'page' ? views[target.page.view] : undefined;
  if (!view) return <Navigate to="/404" replace />;
  const Page = view.page;
  return (
    <PageErrorBoundary>
      <Suspense
        fallback={
          <div className="page-loading">
            <Spin />
          </div>
        }
      >
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
