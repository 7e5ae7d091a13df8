import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { LoanImportDialog } from './LoanImportDialog';

/** 导入贷款 on the customer screens, for the roles that load loan data. */
export function LoanImportButton() {
  const { t } = useI18n();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user.permissions.includes('loan:import')) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>{t('loanImport.button')}</Button>
      {open && <LoanImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
