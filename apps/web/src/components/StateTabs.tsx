import { Card, Tabs } from 'antd';
import './stateTabs.css';

export type StateTab = { key: string; label: string; /** Undefined until the list's reply holds the counts. */ count: number | undefined };

function Label({ text, count }: { text: string; count: number | undefined }) {
  return (
    <span>
      {text}
      {count !== undefined && <span className="state-tab-count">{count.toLocaleString()}</span>}
    </span>
  );
}

/** A list's state tabs between its filters and its table, each with how many rows the filters hold in it. */
export function StateTabs({ activeKey, onChange, tabs }: { activeKey: string; onChange: (key: string) => void; tabs: StateTab[] }) {
  return (
    <Card variant="borderless" className="state-tabs">
      <Tabs activeKey={activeKey} onChange={onChange} items={tabs.map((tab) => ({ key: tab.key, label: <Label text={tab.label} count={tab.count} /> }))} />
    </Card>
  );
}
