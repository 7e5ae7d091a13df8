import {
  CONTROL_LIMITS, CONTROL_METHOD_LABELS, ControlMethods, VENDOR_CONTROL_TYPE_DEFAULT,
  type ControlMappingItem, type ControlMethod, type SaveControlMapping,
} from '@cvrisk/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { formatControlCode, parseControlCode } from './controlCode';
import { saveControlMapping } from './controlMapping.queries';

type Values = {
  model: string;
  method: ControlMethod;
  cutCode?: string;
  restoreCode?: string;
  controlTypeId?: string;
  cutText?: string;
  restoreText?: string;
};

/** `editing`: the row to change (its model stays: the mapping is keyed by it); null: a new one. */
type Props = { open: boolean; editing: ControlMappingItem | null; onClose: () => void };

const CODE_MAX = 0xff;
const TYPE_MAX = 0xffff;
const MODEL_MAX = 40;
/** The fields that change with the method: their errors go when it does. */
const COMMAND_FIELDS = ['cutCode', 'restoreCode', 'controlTypeId', 'cutText', 'restoreText'] as const;

function valuesOf(item: ControlMappingItem): Values {
  return {
    model: item.model,
    method: item.method,
    cutCode: item.cutCode === null ? undefined : formatControlCode(item.cutCode),
    restoreCode: item.restoreCode === null ? undefined : formatControlCode(item.restoreCode),
    controlTypeId: item.controlTypeId === null ? undefined : formatControlCode(item.controlTypeId, 4),
    cutText: item.cutText ?? undefined,
    restoreText: item.restoreText ?? undefined,
  };
}

/** What is sent for the chosen method: only its own fields, the others' leftovers dropped. */
function bodyOf(v: Values): SaveControlMapping {
  const number = (text: string | undefined, max: number, min = 0) => {
    const parsed = parseControlCode(text ?? '', max, min);
    return 'code' in parsed ? parsed.code : undefined;
  };
  if (v.method === 'text') return { model: v.model.trim(), method: v.method, cutText: v.cutText?.trim(), restoreText: v.restoreText?.trim() };
  return {
    model: v.model.trim(),
    method: v.method,
    cutCode: number(v.cutCode, CODE_MAX),
    restoreCode: number(v.restoreCode, CODE_MAX),
    ...(v.method === 'vehicleControl' && v.controlTypeId?.trim() ? { controlTypeId: number(v.controlTypeId, TYPE_MAX, 1) } : {}),
  };
}

/** 新增/修改映射: a model, how it is told (0x8105, 0x8500 or 0x8300), and what it is sent to cut and to restore. */
export function ControlMappingDialog({ open, editing, onClose }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const method = Form.useWatch('method', form) ?? 'terminalControl';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(valuesOf(editing));
  }, [open, editing, form]);

  const save = useMutation({
    mutationFn: (v: Values) => saveControlMapping(bodyOf(v)),
    onSuccess: (msg) => {
      void message.success(msg);
      onClose();
    },
  });

  const codeRule = (max: number, { optional = false, min = 0 } = {}): Rule => ({
    validator: (_, value: string | undefined) => {
      if (optional && !value?.trim()) return Promise.resolve();
      const parsed = parseControlCode(value ?? '', max, min);
      const range = { min: formatControlCode(min, max > CODE_MAX ? 4 : 2), max: formatControlCode(max, max > CODE_MAX ? 4 : 2) };
      return 'code' in parsed ? Promise.resolve() : Promise.reject(new Error(t(parsed.error, range)));
    },
  });
  // Cut and restore must differ, or the restore would cut again.
  const differs = (other: 'cutCode' | 'cutText', key: 'controlMapping.sameCode' | 'controlMapping.sameText'): Rule => ({
    validator: (_, value: string | undefined) => {
      const mine = value?.trim() ?? '';
      const theirs = (form.getFieldValue(other) as string | undefined)?.trim() ?? '';
      const same = other === 'cutCode' ? sameCode(mine, theirs) : mine !== '' && mine === theirs;
      return same ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });

  return (
    <Modal
      open={open}
      title={t(editing ? 'controlMapping.edit' : 'controlMapping.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('controlMapping.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ method: 'terminalControl' }} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="model"
          label={t('controlMapping.model')}
          extra={t('controlMapping.modelHelp')}
          rules={[{ required: true, whitespace: true, message: t('controlMapping.modelRequired') }, { max: MODEL_MAX }]}
        >
          <Input maxLength={MODEL_MAX} disabled={editing !== null} placeholder="GT06N" />
        </Form.Item>
        <Form.Item name="method" label={t('controlMapping.method')}>
          <Select
            options={ControlMethods.map((m) => ({ value: m, label: CONTROL_METHOD_LABELS[m][lang] }))}
            onChange={() => form.setFields(COMMAND_FIELDS.map((name) => ({ name, errors: [] })))}
          />
        </Form.Item>
        {method === 'text' ? (
          <>
            <Form.Item name="cutText" label={t('controlMapping.cutText')} rules={[{ required: true, whitespace: true, message: t('controlMapping.textRequired') }, { max: CONTROL_LIMITS.textMax }]}>
              <Input maxLength={CONTROL_LIMITS.textMax} placeholder="RELAY,1#" />
            </Form.Item>
            <Form.Item
              name="restoreText"
              label={t('controlMapping.restoreText')}
              dependencies={['cutText']}
              rules={[{ required: true, whitespace: true, message: t('controlMapping.textRequired') }, { max: CONTROL_LIMITS.textMax }, differs('cutText', 'controlMapping.sameText')]}
            >
              <Input maxLength={CONTROL_LIMITS.textMax} placeholder="RELAY,0#" />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="cutCode" label={t('controlMapping.cutCode')} extra={t('controlMapping.codeHelp')} rules={[codeRule(CODE_MAX)]}>
              <Input placeholder="0xF0" />
            </Form.Item>
            <Form.Item name="restoreCode" label={t('controlMapping.restoreCode')} dependencies={['cutCode']} rules={[codeRule(CODE_MAX), differs('cutCode', 'controlMapping.sameCode')]}>
              <Input placeholder="0xF1" />
            </Form.Item>
            {method === 'vehicleControl' && (
              <Form.Item name="controlTypeId" label={t('controlMapping.controlTypeId')} extra={t('controlMapping.controlTypeHelp', { id: formatControlCode(VENDOR_CONTROL_TYPE_DEFAULT, 4) })} rules={[codeRule(TYPE_MAX, { optional: true, min: 1 })]}>
                <Input placeholder={formatControlCode(VENDOR_CONTROL_TYPE_DEFAULT, 4)} />
              </Form.Item>
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}

function sameCode(a: string, b: string): boolean {
  const x = parseControlCode(a, CODE_MAX);
  const y = parseControlCode(b, CODE_MAX);
  return 'code' in x && 'code' in y && x.code === y.code;
}
