import { AimOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState, type ComponentProps } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { OpenCaseDialog } from './OpenCaseDialog';

type DialogProps = Omit<ComponentProps<typeof OpenCaseDialog>, 'onClose'>;

/** Whether the caller may open cases: the entry points show 发起追车 only then. */
export function useMayOpenCase(): boolean {
  return useSession().user.permissions.includes('recovery:manage');
}

/**
 * 发起追车 on a screen that names a customer (逾期客户, the user portrait): the dialog on that customer.
 * Nothing for a caller without recovery:manage.
 */
export function OpenCaseButton({ size, type, ...dialog }: DialogProps & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  if (!useMayOpenCase()) return null;
  return (
    <>
      <Button size={size} type={type} icon={<AimOutlined />} onClick={() => setOpen(true)}>
        {t('recovery.start')}
      </Button>
      {open && <OpenCaseDialog {...dialog} onClose={() => setOpen(false)} />}
    </>
  );
}
