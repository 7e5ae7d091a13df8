import { Card, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { EMPTY } from '../../lib/format';

type Props = {
  title: string;
  value: number | undefined;
  unit?: string;
  icon: ReactNode;
  /** Icon tile colour. */
  color: string;
  footer?: ReactNode;
  loading: boolean;
};

export function StatCard({ title, value, unit, icon, color, footer, loading }: Props) {
  return (
    <Card variant="borderless" className="stat-card">
      <div className="stat-card-body">
        <div className="stat-card-icon" style={{ background: `${color}1a`, color }}>
          {icon}
        </div>
        <Statistic title={title} value={value ?? EMPTY} suffix={value === undefined ? undefined : unit} loading={loading} />
      </div>
      <div className="stat-card-footer">{loading ? <Skeleton.Input size="small" active /> : footer}</div>
    </Card>
  );
}
