import { LoanImportCalls, type LoanImportStatus } from '@cvrisk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { LoanImportDialog } from './LoanImportDialog';

const status = (over: Partial<LoanImportStatus>): LoanImportStatus => ({
  id: 3, fileName: '贷款.xlsx', phase: 'checking', total: 6, processed: 2, created: 0, updated: 0, errorCount: 0, errors: [], message: null,
  startedAt: '2026-11-24 10:00:00', finishedAt: null, ...over,
});

describe('LoanImportDialog', () => {
  it('sends the chosen sheet, shows the progress, then every bad row and why', async () => {
    const replies = [
      status({ phase: 'checking', processed: 2 }),
      status({ phase: 'rejected', processed: 6, errorCount: 1, errors: [{ row: 5, field: '身份证号', message: '身份证号校验位不正确' }], finishedAt: '2026-11-24 10:00:01' }),
    ];
    const server = fakeServer([
      answer(LoanImportCalls.importFile, status({ phase: 'reading', processed: 0, total: 0 })),
      answer(LoanImportCalls.status, () => (replies.length > 1 ? replies.shift()! : replies[0]!)),
    ]);
    renderRoutes([{ path: '/', element: <LoanImportDialog onClose={() => undefined} /> }], '/');
    // The loan sheet also registers cars: without that, an institution would not know to fill the frame number.
    expect(screen.getByText(/填写车架号的行同时登记该客户的贷款车辆（须填品牌和车型）/)).toBeTruthy();
    const u = userEvent.setup();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await u.upload(input, new File(['PK'], '贷款.xlsx'));
    expect(await screen.findByText('贷款.xlsx')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: /开始导入/ }));
    await waitFor(() => expect(server.sent(LoanImportCalls.importFile)[0]!.body).toMatchObject({ fileName: '贷款.xlsx', content: 'UEs=' }));
    expect(await screen.findByText('校验中 2/6')).toBeTruthy();
    expect(await screen.findByText('有 1 行有误，未导入任何数据。请修改后重新导入：', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('身份证号校验位不正确')).toBeTruthy();
  });

  it('counts rows saved while it saves, and lists the rows whose car was left out of a finished import', async () => {
    const message = '车架号LSVAM4180N3000550在导入期间已被其他客户登记，贷款和客户已保存，车辆未导入';
    const replies = [
      status({ phase: 'saving', total: 1200, processed: 500 }),
      status({ phase: 'done', total: 1200, processed: 1200, created: 1200, errorCount: 1, errors: [{ row: 552, field: '车架号', message }], finishedAt: '2026-11-24 10:00:09' }),
    ];
    fakeServer([
      answer(LoanImportCalls.importFile, status({ phase: 'reading', processed: 0, total: 0 })),
      answer(LoanImportCalls.status, () => (replies.length > 1 ? replies.shift()! : replies[0]!)),
    ]);
    renderRoutes([{ path: '/', element: <LoanImportDialog onClose={() => undefined} /> }], '/');
    const u = userEvent.setup();
    await u.upload(document.querySelector('input[type=file]') as HTMLInputElement, new File(['PK'], '贷款.xlsx'));
    await u.click(await screen.findByRole('button', { name: /开始导入/ }));
    expect(await screen.findByText('保存中 500/1200')).toBeTruthy();
    expect(await screen.findByText('导入成功：新增 1200 条，更新 0 条', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('其中 1 行的车辆未登记（贷款和客户已保存），原因如下：')).toBeTruthy();
    expect(screen.getByText('552')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('refuses a file that is not .xlsx', async () => {
    fakeServer([]);
    renderRoutes([{ path: '/', element: <LoanImportDialog onClose={() => undefined} /> }], '/');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], '贷款.xls'));
    expect(await screen.findByText('请选择 .xlsx 文件')).toBeTruthy();
    expect((screen.getByRole('button', { name: /开始导入/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
