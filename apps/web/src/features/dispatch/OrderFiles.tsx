import { FilePdfOutlined } from '@ant-design/icons';
import type { OrderFile } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Image, Skeleton, Tooltip, Typography } from 'antd';
import { formatBytes } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { orderFileContentQuery, orderFilesQuery } from './dispatch.queries';
import { useObjectUrl } from './useObjectUrl';

/** The file's bytes as an address the page may show, until the component goes. */
function useFileUrl(file: OrderFile): { url?: string; failed: boolean } {
  const content = useQuery(orderFileContentQuery(file));
  return { url: useObjectUrl(content.data), failed: content.isError };
}

function caption(file: OrderFile) {
  return `${file.fileName} · ${formatBytes(file.size)} · ${file.uploaderName ?? ''} ${file.uploadedAt}`;
}

function Thumbnail({ file }: { file: OrderFile }) {
  const { t } = useI18n();
  const { url, failed } = useFileUrl(file);
  if (failed) return <div className="order-file-thumb order-file-failed">{t('orders.fileFailed')}</div>;
  if (!url) return <Skeleton.Image active className="order-file-thumb" />;
  return (
    <Tooltip title={caption(file)}>
      <Image src={url} alt={file.fileName} width={96} height={96} className="order-file-image" />
    </Tooltip>
  );
}

function PdfLink({ file }: { file: OrderFile }) {
  const { t } = useI18n();
  const { url, failed } = useFileUrl(file);
  const label = (
    <>
      <FilePdfOutlined /> {file.fileName}
    </>
  );
  return (
    <li className="order-file-pdf">
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" download={file.fileName}>
          {label}
        </a>
      ) : (
        <Typography.Text type={failed ? 'danger' : 'secondary'}>{failed ? t('orders.fileFailed') : label}</Typography.Text>
      )}
      <Typography.Text type="secondary"> · {formatBytes(file.size)}</Typography.Text>
    </li>
  );
}

/** The order's photos (thumbnails that open larger) and PDFs (links), each fetched with the session's token. */
export function OrderFiles({ orderId }: { orderId: number }) {
  const { t } = useI18n();
  const files = useQuery(orderFilesQuery(orderId));
  if (!files.data) return files.isError ? <Typography.Text type="danger">{t('common.loadFailed')}</Typography.Text> : <Skeleton active paragraph={{ rows: 2 }} />;
  if (files.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.filesEmpty')} />;
  const images = files.data.filter((f) => f.mimeType !== 'application/pdf');
  const pdfs = files.data.filter((f) => f.mimeType === 'application/pdf');
  return (
    <div className="order-files">
      {images.length > 0 && (
        <Image.PreviewGroup>
          <div className="order-file-grid">
            {images.map((f) => (
              <Thumbnail key={f.id} file={f} />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
      {pdfs.length > 0 && (
        <ul className="order-file-pdfs">
          {pdfs.map((f) => (
            <PdfLink key={f.id} file={f} />
          ))}
        </ul>
      )}
    </div>
  );
}
