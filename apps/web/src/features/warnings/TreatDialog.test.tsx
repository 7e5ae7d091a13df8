import { HandlingPhraseCalls, WARNING_TYPE_CODES, type HandlingPhraseList, type HandlingPhrasesReset, type HandlingPhrasesSave } from '@cvrisk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { TreatDialog } from './TreatDialog';

afterEach(() => vi.unstubAllGlobals());

const HUAXIN = { id: 2, name: '华信汽车金融有限公司' };
const OTHER = { id: 5, name: '粤信汽车金融' };
const DEFAULT_POWER_CUT = ['客户维修车辆或更换电瓶导致断电', '已安排人员上门核实'];

/**
 * The phrases as the server keeps them: a platform default (department 0) and each institution's own
 * lists over it, type by type. The warning being handled (id 9) is 华信's. `platform`: the caller is
 * platform staff (any institution, and the default); otherwise 华信's, `editable` saying whether the
 * server lets them change it (a dealer's administrator may not).
 */
function phraseServer({ platform = false, editable = true, own = {} as Record<number, string[]> } = {}) {
  const lists = new Map<string, string[]>([[`0:2`, [...DEFAULT_POWER_CUT]]]);
  for (const [type, phrases] of Object.entries(own)) lists.set(`${HUAXIN.id}:${type}`, phrases);
  const levelOf = (deptId: unknown): number => (deptId === undefined || deptId === '' ? (platform ? 0 : HUAXIN.id) : Number(deptId));
  const nameOf = (level: number) => [HUAXIN, OTHER].find((i) => i.id === level)?.name ?? '平台默认';
  const group = (level: number, type: number) => {
    const mine = level === 0 ? undefined : lists.get(`${level}:${type}`);
    return { warningType: type as HandlingPhraseList['list'][number]['warningType'], phrases: mine ?? lists.get(`0:${type}`) ?? [], isDefault: mine === undefined };
  };
  return fakeServer([
    answer(HandlingPhraseCalls.list, ({ query }) => {
      const level = query.warningId ? HUAXIN.id : levelOf(query.deptId);
      return {
        list: WARNING_TYPE_CODES.map((type) => group(level, type)), deptId: level === 0 ? null : level, deptName: nameOf(level),
        editable, institutions: platform ? [HUAXIN, OTHER] : [HUAXIN], anyInstitution: platform,
      };
    }),
    answer(
      HandlingPhraseCalls.save,
      ({ body }) => {
        const form = body as HandlingPhrasesSave;
        const level = levelOf(form.deptId);
        lists.set(`${level}:${form.warningType}`, form.phrases);
        return { warningType: form.warningType, phrases: form.phrases, isDefault: level === 0 };
      },
      { msg: '常用语已保存' },
    ),
    answer(
      HandlingPhraseCalls.reset,
      ({ body }) => {
        const form = body as HandlingPhrasesReset;
        lists.delete(`${levelOf(form.deptId)}:${form.warningType}`);
        return group(levelOf(form.deptId), form.warningType);
      },
      { msg: '已恢复为平台默认常用语' },
    ),
  ]);
}

/** The first render of a cold worker on a busy machine can take seconds. */
const SLOW = { timeout: 10_000 };

/** The editor opens over the treat dialog. */
const editorDialog = async () => within((await screen.findByText(/添加一条常用语/, {}, SLOW)).closest<HTMLElement>('[role=dialog]')!);
const valuesOf = (editor: ReturnType<typeof within>) => editor.queryAllByLabelText(/^常用语\d+$/).map((i: HTMLElement) => (i as HTMLInputElement).value);

const dialog = (canEditPhrases: boolean) =>
  renderRoutes(
    [{ path: '/', element: <TreatDialog open mode="single" target={{ id: 9, warningType: 2, deviceNumber: '8652' }} onClose={() => {}} canEditPhrases={canEditPhrases} /> }],
    '/',
  );

describe('the treat dialog’s common phrases', () => {
  it('offers the phrases of the warning’s own institution', async () => {
    const { sent } = phraseServer({ own: { 2: ['华信自己的断电常用语'] } });
    dialog(false);
    expect(await screen.findByRole('button', { name: '华信自己的断电常用语' }, SLOW)).toBeTruthy();
    expect(sent(HandlingPhraseCalls.list)[0]?.query).toEqual({ warningId: '9' });
  });

  it('lets an institution’s administrator edit its own list right there (本机构), checked as they are typed', async () => {
    const { sent } = phraseServer();
    dialog(true);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /编辑常用语/ }, SLOW));
    const editor = await editorDialog();
    // Whose list, and that this type follows the platform default until saved.
    expect(editor.getByText(HUAXIN.name)).toBeTruthy();
    expect(editor.getByText('本机构')).toBeTruthy();
    expect(editor.getByText('沿用平台默认')).toBeTruthy();
    expect(editor.getByText(/只影响华信汽车金融有限公司及其经销商/)).toBeTruthy();
    expect(editor.queryByRole('combobox', { name: '编辑范围' })).toBeNull();
    expect(valuesOf(editor)).toEqual(DEFAULT_POWER_CUT);
    await u.click(editor.getByLabelText('删除常用语2').closest('button')!);
    await u.click(editor.getByRole('button', { name: /添加一条常用语/ }));
    await u.type(editor.getByLabelText('常用语2'), '好');
    expect(await editor.findByText('每条常用语至少3个字')).toBeTruthy();
    await u.type(editor.getByLabelText('常用语2'), '的，客户已还款');
    await u.click(editor.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent(HandlingPhraseCalls.save)).toHaveLength(1));
    expect(sent(HandlingPhraseCalls.save)[0]?.body).toEqual({ deptId: HUAXIN.id, warningType: 2, phrases: ['客户维修车辆或更换电瓶导致断电', '好的，客户已还款'] });
    const group = within(await screen.findByRole('group', { name: '常用语' }));
    await waitFor(() => expect(group.getByRole('button', { name: '好的，客户已还款' })).toBeTruthy());
    expect(group.queryByRole('button', { name: '已安排人员上门核实' })).toBeNull();
  });

  it('refuses the same phrase twice', async () => {
    const { sent } = phraseServer();
    dialog(true);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /编辑常用语/ }, SLOW));
    const editor = await editorDialog();
    await u.click(editor.getByRole('button', { name: /添加一条常用语/ }));
    await u.type(editor.getByLabelText('常用语3'), '已安排人员上门核实');
    await u.click(editor.getByRole('button', { name: /保\s*存/ }));
    // Both copies are marked.
    await waitFor(() => expect(editor.getAllByText('常用语不能重复')).toHaveLength(2));
    expect(sent(HandlingPhraseCalls.save)).toHaveLength(0);
  });

  it('puts an institution’s own list of a type back to the platform default', async () => {
    const { sent } = phraseServer({ own: { 2: ['华信自己的断电常用语'] } });
    dialog(true);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /编辑常用语/ }, SLOW));
    const editor = await editorDialog();
    expect(editor.getByText('本机构自定义')).toBeTruthy();
    expect(valuesOf(editor)).toEqual(['华信自己的断电常用语']);
    await u.click(editor.getByText(/恢复平台默认/).closest('button')!);
    const confirm = (await screen.findByText(/将改为沿用平台默认/)).closest<HTMLElement>('.ant-popover')!;
    await u.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent(HandlingPhraseCalls.reset)).toHaveLength(1));
    expect(sent(HandlingPhraseCalls.reset)[0]?.body).toEqual({ deptId: HUAXIN.id, warningType: 2 });
    await waitFor(() => expect(valuesOf(editor)).toEqual(DEFAULT_POWER_CUT));
    expect(await editor.findByText('沿用平台默认')).toBeTruthy();
    expect(editor.queryByRole('button', { name: /恢复平台默认/ })).toBeNull();
  });

  it('lets a platform administrator pick the platform default or any institution, starting with the warning’s', async () => {
    const { sent } = phraseServer({ platform: true, own: { 2: ['华信自己的断电常用语'] } });
    dialog(true);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: /编辑常用语/ }, SLOW));
    const editor = await editorDialog();
    expect(editor.getByRole('combobox', { name: '编辑范围' })).toBeTruthy();
    expect(editor.getByTitle(HUAXIN.name)).toBeTruthy();
    expect(valuesOf(editor)).toEqual(['华信自己的断电常用语']);
    fireEvent.mouseDown(editor.getByRole('combobox', { name: '编辑范围' }));
    fireEvent.click((await screen.findAllByTitle('平台默认')).at(-1)!);
    await waitFor(() => expect(valuesOf(editor)).toEqual(DEFAULT_POWER_CUT));
    expect(editor.getByText(/平台默认常用语：没有自定义该预警类型的金融机构都使用这些常用语/)).toBeTruthy();
    // The default has nothing to go back to.
    expect(editor.queryByRole('button', { name: /恢复平台默认/ })).toBeNull();
    await u.click(editor.getByLabelText('删除常用语2').closest('button')!);
    await u.click(editor.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent(HandlingPhraseCalls.save)).toHaveLength(1));
    expect(sent(HandlingPhraseCalls.save)[0]?.body).toEqual({ warningType: 2, phrases: ['客户维修车辆或更换电瓶导致断电'] });
  });

  it('offers no editing to anyone else, nor where the server says the list is not theirs to change', async () => {
    phraseServer();
    const first = dialog(false);
    expect(await screen.findByRole('button', { name: '已安排人员上门核实' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编辑常用语/ })).toBeNull();
    first.unmount();
    vi.unstubAllGlobals();
    // A dealer's administrator holds user:admin, but the institution's list is not theirs.
    phraseServer({ editable: false });
    dialog(true);
    expect(await screen.findByRole('button', { name: '已安排人员上门核实' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编辑常用语/ })).toBeNull();
  });
});
