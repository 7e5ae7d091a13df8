import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';

function ChunkFailed() {
  const { t } = useI18n();
  return (
    <Result
      status="warning"
      title={t('error.chunk')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.refresh')}
        </Button>
      }
    />
  );
}

/** A page whose code failed to load (network, or a new deployment replaced the chunk) offers a reload. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ChunkFailed /> : this.props.children;
  }
}
