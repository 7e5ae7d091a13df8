import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { LOAN_IMPORT_LIMITS, type LoanImportStatus } from '@cvrisk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import './loanImport.css';
import { saveBlob } from '../../lib/saveFile';
import { refreshCustomerViews } from '../customers/customers.queries';
import { downloadTemplate, importStatus, isRunning, readBase64, startImport } from './loanImport.queries';

const POLL_MS = 500;

function percentOf(s: LoanImportStatus): number {
  if (s.phase === 'reading') return 5;
  if (s.phase === 'checking') return 5 + Math.round((s.processed / Math.max(1, s.total)) * 60);
  if (s.phase === 'saving') return 70 + Math.round((s.processed / Math.max(1, s.total)) * 30);
  return 100;
}

/** The rows an import names, with column and reason; past the listed ones only their count. */
function RowErrors({ status }: { status: LoanImportStatus }) {
  const { t } = useI18n();
  return (
    <>
      <Table
        size="small"
        rowKey={(e) => `${e.row}-${e.field}`}
        dataSource={status.errors}
        pagination={{ pageSize: 8, size: 'small', hideOnSinglePage: true }}
        columns={[
          { key: 'row', title: t('loanImport.row'), dataIndex: 'row', width: 70 },
          { key: 'field', title: t('loanImport.field'), dataIndex: 'field', width: 120 },
          { key: 'reason', title: t('loanImport.reason'), dataIndex: 'message' },
        ]}
      />
      {status.errors.length < status.errorCount && <Typography.Text type="secondary">{t('loanImport.more', { shown: status.errors.length })}</Typography.Text>}
    </>
  );
}

/**
 * 导入贷款: the template, a chosen .xlsx, and the server's job followed until it ends — with the
 * phase and count while it runs (rows checked, then rows saved), and at the end what was stored or
 * every bad row and why.
 */
export function LoanImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [status, setStatus] = useState<LoanImportStatus | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!status || !isRunning(status)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      importStatus(status.id, controller.signal).then((next) => {
        setStatus(next);
        if (next.phase === 'done') refreshCustomerViews(client);
      }, () => undefined);
    }, POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [status, client]);

  const choose = (f: File) => {
    if (!/\.xlsx$/i.test(f.name)) void message.error(t('loanImport.notXlsx'));
    else if (f.size > LOAN_IMPORT_LIMITS.maxFileBytes) void message.error(t('loanImport.tooLarge', { mb: LOAN_IMPORT_LIMITS.maxFileBytes / 1024 / 1024 }));
    else {
      setFile(f);
      setStatus(null);
    }
    return false;
  };

  const start = async () => {
    if (!file) return;
    setSending(true);
    try {
      setStatus(await startImport(file.name, await readBase64(file)));
    } catch {
      // The HTTP client has already said what went wrong.
    } finally {
      setSending(false);
    }
  };

  const running = status !== null && isRunning(status);
  const phaseText = status && running
    ? status.phase === 'reading' ? t('loanImport.phase.reading') : t(`loanImport.phase.${status.phase as 'checking' | 'saving'}`, { n: status.processed, total: status.total })
    : null;

  return (
    <Modal open title={t('loanImport.title')} onCancel={onClose} width={720} destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('loanImport.close')}</Button>
          <Button type="primary" icon={<UploadOutlined />} disabled={!file || running} loading={sending || running} onClick={() => void start()}>
            {t('loanImport.start')}
          </Button>
        </Space>
      }>
      <Typography.Paragraph type="secondary">{t('loanImport.hint')}</Typography.Paragraph>
      <Space wrap className="loan-import-actions">
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate().then((f) => saveBlob(f.blob, f.fileName), () => undefined)}>{t('loanImport.template')}</Button>
        <Upload accept=".xlsx" maxCount={1} showUploadList={false} beforeUpload={choose}>
          <Button icon={<UploadOutlined />}>{t('loanImport.choose')}</Button>
        </Upload>
        {file && <Typography.Text>{file.name}</Typography.Text>}
      </Space>
      {status && (
        <div className="loan-import-status">
          {running && <Progress percent={percentOf(status)} status="active" format={() => phaseText} />}
          {status.phase === 'done' && <Alert type="success" showIcon message={t('loanImport.done', { created: status.created, updated: status.updated })} />}
          {/* A done import lists rows whose car another customer registered while it ran (saved without it). */}
          {status.phase === 'done' && status.errorCount > 0 && (
            <>
              <Alert type="warning" showIcon message={t('loanImport.carsLeftOut', { n: status.errorCount })} />
              <RowErrors status={status} />
            </>
          )}
          {status.phase === 'failed' && <Alert type="error" showIcon message={t('loanImport.failed', { message: status.message ?? '' })} />}
          {status.phase === 'rejected' && (
            <>
              <Alert type="error" showIcon message={t('loanImport.rejected', { n: status.errorCount })} />
              <RowErrors status={status} />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
