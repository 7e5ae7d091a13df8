import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useI18n } from '../lib/i18n/I18nProvider';
import { formatBytes } from '../lib/format';
import { saveBlob } from '../lib/saveFile';

type Exported = { blob: Blob; fileName: string };

type Props = {
  run: (onProgress: (receivedBytes: number, totalBytes: number | null) => void) => Promise<Exported>;
  /** Why 导出 cannot be used now (no permission, nothing to export): the button is greyed and says so on hover. */
  disabledReason?: string;
  /** What is exported, when a screen offers more than one file (导出Excel, 导出KML). */
  label?: string;
};

const MESSAGE_KEY = 'export';

/** 导出: shows that it is working and how much has arrived; the file keeps the server's name. */
export function ExportButton({ run, disabledReason, label }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    void message.loading({ content: t('common.exporting'), key: MESSAGE_KEY, duration: 0 });
    try {
      const file = await run((received, total) => {
        const size = total ? `${formatBytes(received)} / ${formatBytes(total)}` : formatBytes(received);
        void message.loading({ content: t('common.exportReceived', { size }), key: MESSAGE_KEY, duration: 0 });
      });
      saveBlob(file.blob, file.fileName);
      void message.success({ content: t('common.exportDone', { name: file.fileName }), key: MESSAGE_KEY });
    } catch {
      // The HTTP client has already said what went wrong.
      message.destroy(MESSAGE_KEY);
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={disabledReason !== undefined} onClick={() => void start()}>
      {busy ? t('common.exporting') : (label ?? t('common.export'))}
    </Button>
  );
  // A disabled button takes no pointer events: the wrapper carries the hover, and says it to a screen reader too.
  return disabledReason === undefined ? (
    button
  ) : (
    <Tooltip title={disabledReason}>
      <span className="export-disabled" aria-label={disabledReason} tabIndex={0}>
        {button}
      </span>
    </Tooltip>
  );
}
