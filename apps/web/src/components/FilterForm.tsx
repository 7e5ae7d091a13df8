import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Row, Space, type FormInstance } from 'antd';
import { Children, createContext, isValidElement, use, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n/I18nProvider';
import { useElementWidth } from '../lib/useElementWidth';
import './filterForm.css';

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

/** The form name of a filter cell: a Form.Item's, or the one inside a WideField. */
function nameOf(field: ReactNode): string | undefined {
  if (!isValidElement(field)) return undefined;
  const props = field.props as { name?: unknown; children?: ReactNode };
  if (field.type === WideField) return nameOf(props.children as ReactElement);
  return typeof props.name === 'string' ? props.name : undefined;
}

/** In a phone's filter drawer every field shows: there is room to scroll, and nothing to fold away. */
export const FiltersUnfolded = createContext(false);

/** Whether a filter holds a value: text, a choice, or a range with either end. */
export function isSet(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(isSet);
  return value !== undefined && value !== null && value !== '';
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
  const collapsible = !use(FiltersUnfolded) && fields.length > firstRow;
  const shown = expanded || !collapsible ? fields.length : firstRow;
  // 查询 / 重置 take the last cell of the row where the shown fields end (or of a new row).
  const offsetCells = perRow - 1 - endColumn(cells.slice(0, shown), perRow);
  // A filter folded under 展开 still narrows the list: say how many are set, as the phone's badge does.
  const foldedNames = fields.slice(shown).map(nameOf).filter((n): n is string => n !== undefined);
  // Counted here from the watched values: a selector given to useWatch is re-run in an effect, a frame
  // after 展开 changed which fields are folded, so the count showed beside 收起 for that frame.
  const values = Form.useWatch([], form as FormInstance) as Record<string, unknown> | undefined;
  const foldedSet = foldedNames.filter((n) => isSet(values?.[n])).length;

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
                      {foldedSet > 0 && (
                        <span className="filter-folded-set" title={t('common.hiddenFiltersTitle', { count: foldedSet })}>
                          {t('common.hiddenFiltersSet', { count: foldedSet })}
                        </span>
                      )}
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
