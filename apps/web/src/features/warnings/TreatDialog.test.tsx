import { HandlingPhraseCalls, type HandlingPhraseGroup, type HandlingPhrasesSave } from '@cvrisk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { TreatDialog } from './TreatDialog';

afterEach(() => vi.unstubAllGlobals());

/** The phrases as the server keeps them: a save replaces the type's list. */
function phraseServer() {
  const groups: HandlingPhraseGroup[] = [{ warningType: 2, phrases: ['客户维修车辆或更换电瓶导致断电', '已安排人员上门核实'] }];
  return fakeServer([
    answer(HandlingPhraseCalls.list, () => ({ list: structuredClone(groups) })),
    answer(
      HandlingPhraseCalls.save,
      ({ body }) => {
        const form = body as HandlingPhrasesSave;
        groups.splice(0, groups.length, ...groups.filter((g) => g.warningType !== form.warningType), form);
        return form;
      },
      { msg: '常用语已保存' },
    ),
  ]);
}

/** The editor opens over the treat dialog. */
const editorDialog = async () => within((await screen.findByText(/添加一条常用语/)).closest<HTMLElement>('[role=dialog]')!);

const dialog = (canEditPhrases: boolean) =>
  renderRoutes(
    [{ path: '/', element: <TreatDialog open mode="single" target={{ id: 9, warningType: 2, deviceNumber: '8652' }} onClose={() => {}} canEditPhrases={canEditPhrases} /> }],
    '/',
  );

describe('the treat dialog’s common phrases', () => {
  it('lets an administrator edit the type’s phrases right there, checked as they are typed', async () => {
    const { sent } = phraseServer();
    dialog(true);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /编辑常用语/ }));
    const editor = await editorDialog();
    expect((editor.getByLabelText('常用语1') as HTMLInputElement).value).toBe('客户维修车辆或更换电瓶导致断电');
    await u.click(editor.getByRole('button', { name: '删除常用语2' }));
    await u.click(editor.getByRole('button', { name: /添加一条常用语/ }));
    await u.type(editor.getByLabelText('常用语2'), '好');
    expect(await editor.findByText('每条常用语至少3个字')).toBeTruthy();
    await u.type(editor.getByLabelText('常用语2'), '的，客户已还款');
    await u.click(editor.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent(HandlingPhraseCalls.save)).toHaveLength(1));
    expect(sent(HandlingPhraseCalls.save)[0]?.body).toEqual({ warningType: 2, phrases: ['客户维修车辆或更换电瓶导致断电', '好的，客户已还款'] });
    const group = within(await screen.findByRole('group', { name: '常用语' }));
    await waitFor(() => expect(group.getByRole('button', { name: '好的，客户已还款' })).toBeTruthy());
    expect(group.queryByRole('button', { name: '已安排人员上门核实' })).toBeNull();
  });

  it('refuses the same phrase twice', async () => {
    const { sent } = phraseServer();
    dialog(true);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /编辑常用语/ }));
    const editor = await editorDialog();
    await u.click(editor.getByRole('button', { name: /添加一条常用语/ }));
    await u.type(editor.getByLabelText('常用语3'), '已安排人员上门核实');
    await u.click(editor.getByRole('button', { name: /保\s*存/ }));
    // Both copies are marked.
    await waitFor(() => expect(editor.getAllByText('常用语不能重复')).toHaveLength(2));
    expect(sent(HandlingPhraseCalls.save)).toHaveLength(0);
  });

  it('offers no editing to anyone else', async () => {
    phraseServer();
    dialog(false);
    expect(await screen.findByRole('button', { name: '已安排人员上门核实' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编辑常用语/ })).toBeNull();
  });
});
