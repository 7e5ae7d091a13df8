import { Card, Skeleton } from 'antd';

/** Where a home card will be while its code is on its way: the grid keeps its shape. */
export function HomeCardPlaceholder() {
  return (
    <Card variant="borderless" className="home-card">
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}
