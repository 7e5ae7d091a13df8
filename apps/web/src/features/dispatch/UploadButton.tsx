import type { OrderItem } from '@cvrisk/contracts';
import { App, Button } from 'antd';
import { useRef } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { sendChange, useOrderChange } from './dispatch.queries';
import { isOrderFile, readBase64 } from './orderFile';

/**
 * 上传照片: without `capture`, a phone offers the camera, the gallery and its files (a signed PDF too);
 * a file the server would refuse is refused here.
 */
export function UploadButton({ order }: { order: OrderItem }) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const upload = useOrderChange(async (file: File) => sendChange('upload', { orderId: order.id, fileName: file.name, content: await readBase64(file) }));
  return (
    <>
      <Button type="link" size="small" loading={upload.isPending} onClick={() => input.current?.click()}>
        {t('orders.upload')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/*,application/pdf"
        aria-label={t('orders.uploadFile', { id: order.id })}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared, so choosing the same file again still counts as a change.
          e.target.value = '';
          if (!file) return;
          if (isOrderFile(file)) upload.mutate(file);
          else void message.error(t('orders.fileRefused'));
        }}
      />
    </>
  );
}
