import { BankOutlined, CarOutlined, ClusterOutlined, ShopOutlined, ToolOutlined } from '@ant-design/icons';
import { DEPT_KIND_LABELS, type DeptKind, type DeptNode } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Spin, Tag, Tree } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Lang } from '../../lib/i18n/translate';
import { deptTreeQuery } from '../catalog/catalog.queries';

type TreeItem = { title: ReactNode; key: number; children: TreeItem[] };

const KIND_ICONS: Record<DeptKind, ReactNode> = {
  platform: <ClusterOutlined />,
  finance: <BankOutlined />,
  dealer: <ShopOutlined />,
  installer: <ToolOutlined />,
  recovery: <CarOutlined />,
};

/**
 * A department as what it is: an icon for its kind, and — for all but the dealers that fill the tree —
 * the kind in words, so an installer company is not taken for a dealer.
 */
function NodeTitle({ node, lang }: { node: DeptNode; lang: Lang }) {
  const kind = DEPT_KIND_LABELS[node.kind][lang];
  return (
    <span className="monitor-dept-node" data-kind={node.kind}>
      <span className="monitor-dept-icon" role="img" aria-label={kind}>
        {KIND_ICONS[node.kind]}
      </span>
      {node.name}
      {node.kind !== 'dealer' && <Tag className="monitor-dept-kind">{kind}</Tag>}
    </span>
  );
}

function toItems(nodes: DeptNode[], lang: Lang): TreeItem[] {
  return nodes.map((n) => ({ title: <NodeTitle node={n} lang={lang} />, key: n.id, children: toItems(n.children, lang) }));
}

/** The caller's departments; choosing one shows only its subtree's devices, choosing it again shows all. */
export function DeptTree({ value, onChange }: { value: number | null; onChange: (deptId: number | null) => void }) {
  const { t, lang } = useI18n();
  const { user } = useSession();
  const tree = useQuery(deptTreeQuery(user.userId));
  const items = useMemo(() => toItems(tree.data ?? [], lang), [tree.data, lang]);
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
