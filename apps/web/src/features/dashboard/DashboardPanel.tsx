import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';

/** What a panel shows over: one query, or several read together. */
export type PanelSource<T> = { data: T | undefined; isError: boolean; refetch: () => unknown };

type Props<T> = {
  title: string;
  extra?: ReactNode;
  source: PanelSource<T>;
  /** What is missing when there is nothing to draw; null when there is. */
  empty: (data: T) => string | null;
  children: (data: T) => ReactNode;
  className?: string;
};

/** A sentence in the middle of a panel: what is missing, or what went wrong. */
function PanelNote({ children }: { children: ReactNode }) {
  return <div className="dashboard-note">{children}</div>;
}

/** A titled panel of the board: a spinner while loading, a retry after a failure (already toasted), a word when empty. */
export function DashboardPanel<T>({ title, extra, source, empty, children, className }: Props<T>) {
  const { t } = useI18n();
  const { data } = source;
  let body: ReactNode;
  if (data !== undefined) {
    const missing = empty(data);
    body = missing ? <PanelNote>{missing}</PanelNote> : children(data);
  } else if (source.isError) {
    body = (
      <PanelNote>
        {t('common.loadFailed')}
        <Button size="small" onClick={() => void source.refetch()}>
          {t('common.retry')}
        </Button>
      </PanelNote>
    );
  } else {
    body = (
      <PanelNote>
        <Spin aria-label={t('common.loading')} />
      </PanelNote>
    );
  }
  return (
    <section className={`dashboard-panel${className ? ` ${className}` : ''}`} aria-label={title}>
      <header className="dashboard-panel-title">
        <h2>{title}</h2>
        {extra}
      </header>
      <div className="dashboard-panel-body">{body}</div>
    </section>
  );
}
