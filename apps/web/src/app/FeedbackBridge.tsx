import { App } from 'antd';
import { useEffect } from 'react';
import { setApiHooks } from '../api/hooks';
import { loginPathFor } from './router/guard';
import { router } from './router/router';

/** Hands antd's themed message API and the router to the HTTP client. */
export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setApiHooks({
      toast: (text) => void message.error(text),
      relogin: (text) => {
        // Parallel calls all fail with 5003: one toast, one redirect.
        void message.error({ content: text, key: 'relogin' });
        const { pathname, search } = router.state.location;
        if (pathname !== '/login') void router.navigate(loginPathFor(pathname, search), { replace: true });
      },
      forbidden: () => void router.navigate('/401'),
    });
  }, [message]);
  return null;
}
