import type { DeptNode } from '@cvrisk/contracts';

/** The ids of a department and everything under it; null when the tree does not hold it. */
export function deptSubtree(nodes: readonly DeptNode[], id: number): Set<number> | null {
  for (const node of nodes) {
    if (node.id === id) {
      const ids = new Set<number>();
      const walk = (n: DeptNode) => {
        ids.add(n.id);
        n.children.forEach(walk);
      };
      walk(node);
      return ids;
    }
    const found = deptSubtree(node.children, id);
    if (found) return found;
  }
  return null;
}
