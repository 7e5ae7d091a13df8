import type { DeptNode } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../app/session/SessionContext';
import { deptTreeQuery } from '../features/catalog/catalog.queries';
import { useI18n } from '../lib/i18n/I18nProvider';

type TreeOption = { title: string; value: number; key: number; children: TreeOption[] };

/** A disabled department still holds data, so it stays pickable, marked. */
function toOptions(nodes: DeptNode[], disabledMark: string): TreeOption[] {
  return nodes.map((n) => ({ title: n.disabled ? `${n.name}（${disabledMark}）` : n.name, value: n.id, key: n.id, children: toOptions(n.children, disabledMark) }));
}

type Props = { value?: number; onChange?: (value: number | undefined) => void; id?: string };

/** 所属机构: the caller's own department subtree, searchable by name. */
export function DeptTreeSelect({ value, onChange, id }: Props) {
  const { t } = useI18n();
  const { user } = useSession();
  const tree = useQuery(deptTreeQuery(user.userId));
  const disabledMark = t('depts.disabled');
  const options = useMemo(() => toOptions(tree.data ?? [], disabledMark), [tree.data, disabledMark]);
  const expanded = useMemo(() => options.map((o) => o.value), [options]);

  return (
    <TreeSelect<number>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      treeData={options}
      loading={tree.isPending}
      treeDefaultExpandedKeys={expanded}
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      placeholder={t('common.placeholderSelect')}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { maxHeight: 400, minWidth: 240 } } }}
    />
  );
}
