import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { DEVICE_STOCK_LIMITS, type StockImportBody, type StockImportReport } from '@cvrisk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Segmented, Space, Steps, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { saveBlob } from '../../lib/saveFile';
import { readBase64 } from '../loanImport/loanImport.queries';
import { checkStock, downloadStockTemplate, importStock, refreshStock } from './deviceStock.queries';

type Source = 'paste' | 'file';
/** Where the import stands: the steps read → upload and check → import, and what the server said. */
type Phase = 'idle' | 'reading' | 'checking' | 'checked' | 'importing' | 'done';
type Values = { deptId?: number; text?: string };

const STEP_OF: Record<Phase, number> = { idle: 0, reading: 0, checking: 1, checked: 1, importing: 2, done: 2 };

/**
 * 导入设备: a department, and a pasted list or a sheet. 校验 sends it and shows the server's per-row
 * report; only a clean report offers 导入, which the server checks again and stores whole or not at all.
 * Changing anything drops the report, so what is imported is always what was checked.
 */
export function StockImportDialog({ deptId, onClose }: { deptId?: number; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [source, setSource] = useState<Source>('paste');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [report, setReport] = useState<StockImportReport | null>(null);
  const busy = phase === 'reading' || phase === 'checking' || phase === 'importing';

  const reset = () => {
    setPhase('idle');
    setReport(null);
  };

  const choose = (f: File) => {
    if (!/\.xlsx$/i.test(f.name)) void message.error(t('deviceStock.notXlsx'));
    else if (f.size > DEVICE_STOCK_LIMITS.maxFileBytes) void message.error(t('deviceStock.tooLarge'));
    else {
      setFile(f);
      reset();
    }
    return false;
  };

  async function body(v: Values): Promise<StockImportBody | null> {
    if (source === 'paste') return { deptId: v.deptId!, text: v.text ?? '' };
    if (!file) {
      void message.error(t('deviceStock.fileRequired'));
      return null;
    }
    setPhase('reading');
    return { deptId: v.deptId!, file: { fileName: file.name, content: await readBase64(file) } };
  }

  const run = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const checked = phase === 'checked' && report !== null && report.problemCount === 0;
    try {
      const b = await body(v);
      if (!b) return;
      setPhase(checked ? 'importing' : 'checking');
      const { value } = await (checked ? importStock(b) : checkStock(b));
      setReport(value);
      if (value.imported > 0) {
        setPhase('done');
        void refreshStock(client);
      } else setPhase('checked');
    } catch {
      // The HTTP client has already said what went wrong; the operator may try again.
      setPhase(checked ? 'checked' : 'idle');
    }
  };

  const ok = report !== null && report.problemCount === 0;
  const primary = phase === 'done'
    ? <Button type="primary" onClick={onClose}>{t('deviceStock.close')}</Button>
    : (
        <Button type="primary" icon={<UploadOutlined />} loading={busy} onClick={() => void run()}>
          {ok ? t('deviceStock.importN', { n: report.rows }) : t('deviceStock.check')}
        </Button>
      );

  return (
    <Modal open title={t('deviceStock.importTitle')} onCancel={onClose} width={760} destroyOnHidden mask={{ closable: !busy }}
      footer={<Space>{phase !== 'done' && <Button onClick={onClose}>{t('deviceStock.close')}</Button>}{primary}</Space>}>
      <Form<Values> form={form} name="stockImport" layout="vertical" initialValues={{ deptId }} onValuesChange={reset} disabled={busy || phase === 'done'}>
        <Form.Item name="deptId" label={t('deviceStock.importDept')} extra={t('deviceStock.importDeptHelp')} rules={[{ required: true, message: t('deviceStock.deptRequired') }]}>
          <DeptTreeSelect />
        </Form.Item>
        <Segmented<Source>
          value={source}
          onChange={(s) => { setSource(s); reset(); }}
          options={[{ value: 'paste', label: t('deviceStock.fromPaste') }, { value: 'file', label: t('deviceStock.fromFile') }]}
        />
        <div className="stock-import-source">
          {source === 'paste' ? (
            <Form.Item name="text" extra={t('deviceStock.pasteHint')} rules={[{ required: true, whitespace: true, message: t('deviceStock.pasteRequired') }]}>
              <Input.TextArea className="stock-paste" rows={7} placeholder={t('deviceStock.pastePlaceholder')} maxLength={DEVICE_STOCK_LIMITS.maxTextChars} />
            </Form.Item>
          ) : (
            <>
              <Typography.Paragraph type="secondary">{t('deviceStock.fileHint', { max: DEVICE_STOCK_LIMITS.maxRows })}</Typography.Paragraph>
              <Space wrap>
                <Button icon={<DownloadOutlined />} onClick={() => void downloadStockTemplate().then((f) => saveBlob(f.blob, f.fileName), () => undefined)}>{t('deviceStock.template')}</Button>
                <Upload accept=".xlsx" maxCount={1} showUploadList={false} beforeUpload={choose} disabled={busy}>
                  <Button icon={<UploadOutlined />}>{t('deviceStock.choose')}</Button>
                </Upload>
                {file && <Typography.Text>{file.name}</Typography.Text>}
              </Space>
            </>
          )}
        </div>
      </Form>
      {phase !== 'idle' && (
        <Steps
          className="stock-import-steps"
          size="small"
          current={STEP_OF[phase]}
          status={report && report.problemCount > 0 ? 'error' : phase === 'done' ? 'finish' : 'process'}
          items={[{ title: t('deviceStock.step.read') }, { title: t('deviceStock.step.check') }, { title: t('deviceStock.step.import') }]}
        />
      )}
      {report && <ImportReport report={report} />}
    </Modal>
  );
}

function ImportReport({ report }: { report: StockImportReport }) {
  const { t } = useI18n();
  if (report.imported > 0) return <Alert type="success" showIcon title={t('deviceStock.imported', { n: report.imported, dept: report.deptName })} />;
  if (report.problemCount === 0) {
    return <Alert type="info" showIcon title={t('deviceStock.checkedOk', { n: report.rows, wired: report.wired, wireless: report.wireless, dept: report.deptName })} />;
  }
  return (
    <div className="stock-import-report">
      <Alert type="error" showIcon title={t('deviceStock.rejected', { n: report.problemCount })} />
      <Table
        size="small"
        rowKey="row"
        dataSource={report.problems}
        pagination={{ pageSize: 8, size: 'small', hideOnSinglePage: true }}
        scroll={{ x: 560 }}
        columns={[
          { key: 'row', title: t('deviceStock.row'), dataIndex: 'row', width: 64 },
          { key: 'number', title: t('deviceStock.number'), dataIndex: 'deviceNumber', width: 170 },
          { key: 'problem', title: t('deviceStock.problem'), dataIndex: 'problem' },
        ]}
      />
      {report.problems.length < report.problemCount && <Typography.Text type="secondary">{t('deviceStock.more', { shown: report.problems.length })}</Typography.Text>}
    </div>
  );
}
