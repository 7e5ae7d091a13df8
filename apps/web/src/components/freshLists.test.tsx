import { QueryClient, useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { queryClient as consoleClient, refreshAfterChange } from '../app/queryClient';
import { renderRoutes } from '../test/renderWithProviders';
import { FilterForm } from './FilterForm';
import { ListScreen } from './ListScreen';

type Query = { pageNumber: number; pageSize: number; name?: string; a?: string; b?: string; c?: string; d?: string };
type Row = { id: number; name: string };

/** The address bar's check, as a contract's schema would do it (the console has no zod of its own). */
const schema = {
  safeParse: (raw: unknown) => {
    const r = raw as Record<string, string>;
    const out: Query = { pageNumber: Number(r.pageNumber ?? 1), pageSize: Number(r.pageSize ?? 20) };
    for (const k of ['name', 'a', 'b', 'c', 'd'] as const) if (r[k]) out[k] = r[k];
    return { success: true as const, data: out };
  },
};

const FIELDS = ['name', 'a', 'b', 'c', 'd'] as const;

function screenWith(fetchPage: (q: Query) => Promise<{ list: Row[]; count: number }>) {
  return (
    <ListScreen<Query, Partial<Query>, Row>
      id="fresh-test"
      title="测试列表"
      schema={schema}
      fetchPage={(q) => fetchPage(q)}
      toForm={(q) => q}
      fromForm={(v) => v}
      filters={(p) => (
        <FilterForm form={p.form} onSearch={p.onSearch} onReset={p.onReset} loading={p.loading}>
          {FIELDS.map((f) => (
            <Form.Item key={f} name={f} label={f}>
              <Input />
            </Form.Item>
          ))}
        </FilterForm>
      )}
      columns={[{ key: 'name', dataIndex: 'name', title: '名称', width: 200 }]}
      rowKey="id"
    />
  );
}

describe('a list never shows rows from memory', () => {
  it('查询 on unchanged filters asks the server again and shows its new answer', async () => {
    let names = ['第一次'];
    const fetchPage = vi.fn(async () => ({ list: names.map((name, i) => ({ id: i, name })), count: names.length }));
    renderRoutes([{ path: '/list', element: screenWith(fetchPage) }], '/list?name=x');
    await screen.findByText('第一次');
    names = ['第二次'];
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('第二次')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('a filter folded under 展开 is said to be set', async () => {
    const fetchPage = vi.fn(async () => ({ list: [], count: 0 }));
    // The test's window is narrow: one field shows, the other four fold; two of them are set.
    renderRoutes([{ path: '/list', element: screenWith(fetchPage) }], '/list?c=1&d=2');
    expect(await screen.findByText('已设 2 项')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /展开/ }));
    await waitFor(() => expect(screen.queryByText('已设 2 项')).toBeNull());
  });
});

describe('after a change', () => {
  it('every changeable query is refetched or marked stale; reference data stays', async () => {
    const client = new QueryClient();
    await client.fetchQuery({ queryKey: ['users', 'list'], queryFn: () => 1, staleTime: 60_000 });
    await client.fetchQuery({ queryKey: ['warningTypeDict'], queryFn: () => 2, staleTime: Infinity });
    await refreshAfterChange(client);
    expect(client.getQueryState(['users', 'list'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['warningTypeDict'])?.isInvalidated).toBe(false);
  });

  it('any successful mutation of the console refreshes lists other screens show', async () => {
    const audit = vi.fn(async () => ['新用户']);
    function AuditList() {
      const q = useQuery({ queryKey: ['audit', 'list'], queryFn: audit });
      return <p>{q.data?.join()}</p>;
    }
    renderRoutes([{ path: '/', element: <AuditList /> }], '/', undefined, consoleClient);
    await screen.findByText('新用户');
    await consoleClient.getMutationCache().build(consoleClient, { mutationFn: async () => 'ok' }).execute(undefined);
    await waitFor(() => expect(audit).toHaveBeenCalledTimes(2));
  });
});
