import { DEVICE_KIND_LABELS, warningTypeName, type WarningNotPushEntity } from '@cvrisk/contracts';
import { Tag } from 'antd';
import type { ListColumn } from '../../components/ListTable';
import { textColumnOf } from '../../components/textColumn';
import type { Lang, Translate } from '../../lib/i18n/translate';
import { RemoveNotPushButton } from './RemoveNotPushButton';

type Column = ListColumn<WarningNotPushEntity>;

const textColumn = textColumnOf<WarningNotPushEntity>();

export function notPushColumns(t: Translate, lang: Lang, canEdit: boolean): Column[] {
  const columns: Column[] = [
    textColumn('deviceNumber', t('notPush.deviceNumber'), 150, { fixed: 'left', locked: true }),
    { ...textColumn('deviceKind', t('notPush.deviceKind'), 70), render: (_, r) => DEVICE_KIND_LABELS[r.deviceKind][lang] },
    {
      key: 'warningType',
      dataIndex: 'warningType',
      title: t('notPush.warningType'),
      width: 130,
      render: (_, r) => <Tag>{warningTypeName(r.warningType, lang)}</Tag>,
    },
    textColumn('customerName', t('notPush.customer'), 90),
    textColumn('plateNumber', t('notPush.plate'), 100),
    textColumn('deptName', t('notPush.dept'), 160),
    textColumn('createdByName', t('notPush.createdBy'), 90),
    textColumn('createTime', t('notPush.createTime'), 165),
  ];
  if (canEdit) {
    columns.push({ key: 'action', title: t('common.action'), width: 72, fixed: 'right', align: 'center', locked: true, render: (_, r) => <RemoveNotPushButton item={r} /> });
  }
  return columns;
}
