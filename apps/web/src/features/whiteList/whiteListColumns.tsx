import { WHITE_LIST_STATE_LABELS, type WhiteListItem } from '@cvrisk/contracts';
import { Tag } from 'antd';
import type { ListColumn } from '../../components/ListTable';
import { textColumnOf } from '../../components/textColumn';
import type { Lang, Translate } from '../../lib/i18n/translate';
import { RemoveButton } from './RemoveButton';

type Column = ListColumn<WhiteListItem>;

const textColumn = textColumnOf<WhiteListItem>();

export function whiteListColumns(t: Translate, lang: Lang, canEdit: boolean): Column[] {
  const columns: Column[] = [
    textColumn('customerName', t('riskAdmin.customer'), 90, { fixed: 'left', locked: true }),
    textColumn('customerPhone', t('riskAdmin.phone'), 116),
    textColumn('deptName4s', t('riskAdmin.dealer'), 160),
    textColumn('reason', t('riskAdmin.reason'), 180),
    { ...textColumn('expiresAt', t('riskAdmin.expiresAt'), 160), render: (v: string | null) => v ?? t('riskAdmin.noExpiry') },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('riskAdmin.state'),
      width: 80,
      align: 'center',
      render: (_, r) => <Tag color={WHITE_LIST_STATE_LABELS[r.state].color}>{WHITE_LIST_STATE_LABELS[r.state][lang]}</Tag>,
    },
    textColumn('createdBy', t('riskAdmin.createdBy'), 80),
    textColumn('createTime', t('riskAdmin.createTime'), 160),
  ];
  if (canEdit) {
    columns.push({ key: 'action', title: t('common.action'), width: 64, fixed: 'right', align: 'center', locked: true, render: (_, r) => <RemoveButton item={r} /> });
  }
  return columns;
}
