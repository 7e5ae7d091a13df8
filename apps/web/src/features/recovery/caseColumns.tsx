import { CASE_SOURCE_LABELS, isCaseOpen, type CaseItem } from '@cvrisk/contracts';
import { Button, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import type { ListColumn } from '../../components/ListTable';
import { textColumnOf } from '../../components/textColumn';
import { EMPTY } from '../../lib/format';
import type { Lang, Translate } from '../../lib/i18n/translate';
import { caseDuration, LONG_OPEN_HOURS } from './caseDuration';
import { CaseStateTag } from './CaseTags';

type Column = ListColumn<CaseItem>;

const textColumn = textColumnOf<CaseItem>();

/** The case page of a case. */
export const casePath = (id: number) => `/recovery/recoveryCase?id=${id}`;

const carsOf = (c: CaseItem) => c.cars.map((car) => car.plateNumber ?? car.frameNumber).join('、') || EMPTY;

function OpenFor({ item, t }: { item: CaseItem; t: Translate }) {
  const text = caseDuration(item.openMinutes, t);
  if (!isCaseOpen(item.state) || item.openMinutes <= LONG_OPEN_HOURS * 60) return text;
  return (
    <Tooltip title={t('recovery.overdueLong', { hours: LONG_OPEN_HOURS })}>
      <Typography.Text type="danger" strong className="recovery-long-open">{text}</Typography.Text>
    </Tooltip>
  );
}

const minutesColumn = (key: 'minutesToFound' | 'minutesToRecovered', title: string, t: Translate): Column => ({
  key, dataIndex: key, title, width: 120, align: 'right', card: 'ifSet',
  render: (_, r) => (r[key] === null ? EMPTY : caseDuration(r[key], t)),
});

/** The case list's columns; the case number and the 查看 button both open the case page. */
export function caseColumns(t: Translate, lang: Lang, onOpen: (item: CaseItem) => void): Column[] {
  return [
    { key: 'caseNo', dataIndex: 'caseNo', title: t('recovery.caseNo'), width: 170, fixed: 'left', locked: true, render: (_, r) => <Link to={casePath(r.id)}>{r.caseNo}</Link> },
    { key: 'state', dataIndex: 'state', title: t('recovery.state'), width: 100, align: 'center', card: 'extra', render: (_, r) => <CaseStateTag state={r.state} /> },
    textColumn('customerName', t('recovery.customer'), 100),
    { key: 'cars', title: t('recovery.car'), width: 180, ellipsis: true, render: (_, r) => carsOf(r) },
    { key: 'openMinutes', dataIndex: 'openMinutes', title: t('recovery.openFor'), width: 120, align: 'right', render: (_, r) => <OpenFor item={r} t={t} /> },
    textColumn('teamName', t('recovery.team'), 150, { render: (v: string | null) => v ?? <Typography.Text type="secondary">{t('recovery.noTeam')}</Typography.Text> }),
    textColumn('deptName', t('recovery.owner'), 170),
    { key: 'source', dataIndex: 'source', title: t('recovery.source'), width: 100, render: (_, r) => CASE_SOURCE_LABELS[r.source][lang] },
    minutesColumn('minutesToFound', t('recovery.toFound'), t),
    minutesColumn('minutesToRecovered', t('recovery.toRecovered'), t),
    textColumn('openedAt', t('recovery.openedAt'), 165),
    {
      key: 'action', title: t('common.action'), width: 80, fixed: 'right', locked: true,
      render: (_, r) => <Button type="link" size="small" className="recovery-open-button" onClick={() => onOpen(r)}>{t('recovery.openCase')}</Button>,
    },
  ];
}
