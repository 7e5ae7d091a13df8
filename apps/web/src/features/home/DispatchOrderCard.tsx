import { ORDER_STATE_LABELS, type OrderCounts, type OrderState } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { listQuerySearch } from '../../lib/listQuery';
import { dispatchCountsQuery } from '../dispatch/dispatch.queries';
import '../dispatch/orders.css';
import { HomeCard } from './HomeCard';

/** The figures an operator follows: waiting, in the installers' hands, to audit, abnormal, done. */
const FIGURES: readonly (readonly OrderState[])[] = [[1], [2, 3], [4], [6], [5]];

type Part = { name: string; value: number; search?: Record<string, unknown> };

/** One figure; each part opens the order list with its own filter (a two-state figure has two). */
function Figure({ label, parts, path }: { label: string; parts: Part[]; path: string | undefined }) {
  return (
    <div className="order-figure">
      <div className="order-figure-label">{label}</div>
      <div className="order-figure-value">
        {parts.map((p, i) => (
          <Fragment key={p.name}>
            {i > 0 && <span className="order-figure-sep">/</span>}
            {path ? (
              <Link to={{ pathname: path, search: listQuerySearch(p.search ?? {}).toString() }} aria-label={`${p.name} ${p.value}`}>
                {p.value.toLocaleString()}
              </Link>
            ) : (
              p.value.toLocaleString()
            )}
          </Fragment>
        ))}
      </div>
    </div>
  );
}

/** 派单统计: orders of the scope per state and today's new ones, each opening the list on its tab. */
export function DispatchOrderCard() {
  const { t, lang } = useI18n();
  const { menu } = useSession();
  const path = menu.pages.find((p) => p.view === 'dispatchOrder')?.path;
  const query = useQuery(dispatchCountsQuery());
  const figures = (c: OrderCounts) => {
    const today = dayjs();
    return [
      ...FIGURES.map((states) => ({
        label: states.map((s) => ORDER_STATE_LABELS[s][lang]).join('/'),
        parts: states.map((s) => ({ name: ORDER_STATE_LABELS[s][lang], value: c.byState[s] ?? 0, search: { state: s } })),
      })),
      {
        label: t('orders.homeToday'),
        parts: [
          {
            name: t('orders.homeToday'),
            value: c.today,
            search: { createdStart: today.format('YYYY-MM-DD 00:00:00'), createdEnd: today.format('YYYY-MM-DD 23:59:59') },
          },
        ],
      },
    ];
  };
  return (
    <HomeCard
      title={t('orders.homeTitle')}
      query={query}
      minHeight={96}
      empty={(c) => (c.total === 0 ? t('orders.homeEmpty') : null)}
      extra={query.data && t('orders.homeTotal', { total: query.data.total.toLocaleString() })}
    >
      {(c) => (
        <div className="order-figures">
          {figures(c).map((f) => (
            <Figure key={f.label} label={f.label} parts={f.parts} path={path} />
          ))}
        </div>
      )}
    </HomeCard>
  );
}
