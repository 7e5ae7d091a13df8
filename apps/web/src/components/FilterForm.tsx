import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Row, Space, type FormInstance } from 'antd';
import { Children, isValidElement, useRef, useState, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n/I18nProvider';
import { useElementWidth } from '../lib/useElementWidth';

/** A filter that needs two cells of the grid, such as a date-time range. */
export function WideField({ children }: { children: ReactNode }) {
  return children;
}

/** How many fields, from the first, fit in the given cells (at least one). */
function fieldsFitting(cells: number[], room: number): number {
  let used = 0;
  let n = 0;
  while (n < cells.length && used + cells[n]! <= room) used += cells[n++]!;
  return Math.max(n, 1);
}

/** The column where the last field ends; a field too wide for the rest of a row starts the next one. */
function endColumn(cells: number[], perRow: number): number {
  let col = 0;
  for (const c of cells) {
    if (col + c > perRow) col = 0;
    col = (col + c) % perRow;
  }
  return col;
}

type Props<V> = {
  form: FormInstance<V>;
  /** One Form.Item per filter. */
  children: ReactNode;
  onSearch: (values: V) => void;
  onReset: () => void;
  loading?: boolean;
  /** Label column width in px, for screens whose labels are longer than the usual four characters. */
  labelWidth?: number;
};

/**
 * The filter block above a list: fields on an aligned grid, one row with 查询 / 重置 at its end
 * until 展开 shows the rest. Hidden fields stay mounted so their values are kept.
 */
export function FilterForm<V>({ form, children, onSearch, onReset, loading, labelWidth }: Props<V>) {
  const { t, lang } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const [expanded, setExpanded] = useState(false);
  // By the space the form really has (the side bar takes its share), not by the window.
  const perRow = width >= 1400 ? 4 : width >= 960 ? 3 : width >= 600 ? 2 : 1;
  const span = 24 / perRow;
  const fields = Children.toArray(children);
  const cells = fields.map((f) => (isValidElement(f) && f.type === WideField ? Math.min(2, perRow) : 1));
  const firstRow = fieldsFitting(cells, Math.max(perRow - 1, 1));
  const collapsible = fields.length > firstRow;
  const shown = expanded || !collapsible ? fields.length : firstRow;
  // 查询 / 重置 take the last cell of the row where the shown fields end (or of a new row).
  const offsetCells = perRow - 1 - endColumn(cells.slice(0, shown), perRow);

  return (
    <Card variant="borderless" className="filter-card" styles={{ body: { padding: '16px 16px 0' } }}>
      <div ref={box}>
        <Form<V>
          form={form}
          layout="horizontal"
          labelCol={{ flex: `${labelWidth ?? (lang === 'zh' ? 80 : 120)}px` }}
          wrapperCol={{ flex: 1 }}
          labelWrap
          onFinish={onSearch}
          className="filter-form"
        >
          <Row gutter={16}>
            {fields.map((field, i) => (
              <Col key={i} span={span * cells[i]!} style={i >= shown ? { display: 'none' } : undefined}>
                {field}
              </Col>
            ))}
            <Col span={span} offset={offsetCells * span} className="filter-actions">
              <Form.Item>
                <Space>
                  <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading}>
                    {t('common.search')}
                  </Button>
                  <Button onClick={onReset}>{t('common.reset')}</Button>
                  {collapsible && (
                    <Button type="link" onClick={() => setExpanded((e) => !e)} className="filter-toggle">
                      {expanded ? t('common.collapse') : t('common.expand')}
                      {expanded ? <UpOutlined /> : <DownOutlined />}
                    </Button>
                  )}
                </Space>
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </div>
    </Card>
  );
}
