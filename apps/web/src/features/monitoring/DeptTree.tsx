import type { DeptNode } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Spin, Tree } from 'antd';
import { useMemo } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { deptTreeQuery } from '../catalog/catalog.queries';

type TreeItem = { title: string; key: number; children: TreeItem[] };

function toItems(nodes: DeptNode[]): TreeItem[] {
  return nodes.map((n) => ({ title: n.name, key: n.id, children: toItems(n.children) }));
}

/** The caller's departments; choosing one shows only its subtree's devices, choosing it again shows all. */
export function DeptTree({ value, onChange }: { value: number | null; onChange: (deptId: number | null) => void }) {
  const { t } = useI18n();
  const { user } = useSession();
  const tree = useQuery(deptTreeQuery(user.userId));
  const items = useMemo(() => toItems(tree.data ?? []), [tree.data]);
  if (tree.isPending) return <Spin size="small" />;
  if (!items.length) return <span className="monitor-muted">{t('common.noData')}</span>;
  return (
    <Tree<TreeItem>
      className="monitor-dept-tree"
      treeData={items}
      selectedKeys={value === null ? [] : [value]}
      defaultExpandedKeys={items.map((i) => i.key)}
      onSelect={(keys) => onChange(keys.length ? Number(keys[0]) : null)}
      blockNode
    />
  );
}
