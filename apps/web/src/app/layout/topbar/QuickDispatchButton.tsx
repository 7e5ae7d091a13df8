import { SendOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { withTimeout } from '../../router/lazyPage';
import { useButtonTip } from './useButtonTip';

// The dialog brings the map (Leaflet): loaded on the first click, not with every page of the console.
const QuickDispatchDialog = lazy(withTimeout(() => import('../../../features/dispatch/QuickDispatchDialog').then((m) => ({ default: m.QuickDispatchDialog }))));

/** 快速派单 in the top bar: raises an install or maintenance order from any page. */
export function QuickDispatchButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  // Each opening counts: a dialog reopened before its closing animation ended would keep the old
  // search text and form, so every opening mounts a new one (0: never opened, nothing loaded).
  const [opening, setOpening] = useState(0);
  const tip = useButtonTip();
  return (
    <>
      <Tooltip title={t('quickDispatch.title')} {...tip.tooltip}>
        <Button
          type="text"
          icon={<SendOutlined />}
          aria-label={t('quickDispatch.title')}
          {...tip.target}
          onClick={() => {
            tip.hide();
            setOpening((n) => n + 1);
            setOpen(true);
          }}
        />
      </Tooltip>
      {opening > 0 && (
        <Suspense fallback={null}>
          <QuickDispatchDialog key={opening} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
