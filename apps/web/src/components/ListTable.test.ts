import { describe, expect, it } from 'vitest';
import { cardLayout } from './ListCards';
import { pinnedFitting, type ListColumn } from './ListTable';

type Row = { id: number };
const col = (key: string, width: number, extra: Partial<ListColumn<Row>> = {}): ListColumn<Row> => ({ key, title: key, width, ...extra });
const columns = [col('name', 130, { fixed: 'left' }), col('phone', 120), col('car', 220), col('dealer', 170), col('actions', 150, { fixed: 'right' })];
const pins = (cs: ListColumn<Row>[]) => cs.filter((c) => c.fixed).map((c) => `${c.key}:${String(c.fixed)}`);

describe('pinnedFitting', () => {
  it('keeps the columns as declared when the table fits its frame (or before the frame is measured)', () => {
    expect(pins(pinnedFitting(columns, 900))).toEqual(['name:left', 'actions:right']);
    expect(pins(pinnedFitting(columns, 0))).toEqual(['name:left', 'actions:right']);
  });

  it('puts 操作 back at the end of the row when the table scrolls, keeping the key column pinned', () => {
    const narrow = pinnedFitting(columns, 600);
    expect(pins(narrow)).toEqual(['name:left']);
    expect(narrow.map((c) => c.key)).toEqual(columns.map((c) => c.key));
  });

  it('lets the key column scroll too when it would take more than the frame can spare (with the check boxes)', () => {
    expect(pins(pinnedFitting(columns, 400))).toEqual(['name:left']);
    expect(pins(pinnedFitting(columns, 400, 40))).toEqual([]);
  });
});

describe('cardLayout', () => {
  it('heads a card with the pinned key column, its actions from the one pinned right, the rest as facts unless hidden', () => {
    const layout = cardLayout([...columns, col('grade', 90, { card: 'extra' }), col('createdAt', 165, { card: 'hidden' })]);
    expect(layout.title?.key).toBe('name');
    expect(layout.actions?.key).toBe('actions');
    expect(layout.extra.map((c) => c.key)).toEqual(['grade']);
    expect(layout.facts.map((c) => c.key)).toEqual(['phone', 'car', 'dealer']);
  });

  it('takes a column marked as the title over the pinned one', () => {
    expect(cardLayout([...columns, col('plate', 100, { card: 'title' })]).title?.key).toBe('plate');
  });
});
