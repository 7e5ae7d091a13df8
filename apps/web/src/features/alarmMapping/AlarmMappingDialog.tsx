import {
  ALARM_MAPPING_MODEL_MAX, ALARM_MAPPING_SOURCES, ALARM_TYPES, MAPPED_ALARM_TYPES,
  type AlarmMappingItem, type AlarmMappingSource, type SaveAlarmMapping,
} from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { formatAlarmCode, parseAlarmCode } from './alarmCode';
import { ALARM_MAPPING_KEY, saveAlarmMapping } from './alarmMapping.queries';

type Values = { model: string; source: AlarmMappingSource; code: string; alarmType: SaveAlarmMapping['alarmType'] };
/** `editing`: the row to change; null: a new one. */
type Props = { open: boolean; editing: AlarmMappingItem | null; onClose: () => void };

/** 新增/修改映射: a model, a reserved bit or an additional item, and the alarm it means. */
export function AlarmMappingDialog({ open, editing, onClose }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const source = Form.useWatch('source', form) ?? 'bit';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({ model: editing.model, source: editing.source, code: formatAlarmCode(editing.source, editing.code), alarmType: editing.alarmType as Values['alarmType'] });
    }
  }, [open, editing, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const parsed = parseAlarmCode(v.source, v.code);
      if (!('code' in parsed)) throw new Error(t(parsed.error, parsed.values));
      return saveAlarmMapping({ id: editing?.id, model: v.model.trim(), source: v.source, code: parsed.code, alarmType: v.alarmType });
    },
    onSuccess: ({ msg }) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [ALARM_MAPPING_KEY] });
      onClose();
    },
  });

  return (
    <Modal
      open={open}
      title={t(editing ? 'alarmMapping.edit' : 'alarmMapping.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ source: 'bit' }} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="model"
          label={t('alarmMapping.model')}
          extra={t('alarmMapping.modelHelp')}
          rules={[{ required: true, whitespace: true, message: t('alarmMapping.modelRequired') }, { max: ALARM_MAPPING_MODEL_MAX }]}
        >
          <Input maxLength={ALARM_MAPPING_MODEL_MAX} placeholder="GT06N" />
        </Form.Item>
        <Form.Item name="source" label={t('alarmMapping.source')}>
          <Radio.Group
            options={ALARM_MAPPING_SOURCES.map((s) => ({ value: s, label: t(`alarmMapping.source.${s}`) }))}
            onChange={() => form.setFields([{ name: 'code', errors: [] }])}
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t(source === 'item' ? 'alarmMapping.item' : 'alarmMapping.bit')}
          dependencies={['source']}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const parsed = parseAlarmCode(form.getFieldValue('source') as AlarmMappingSource, value ?? '');
                return 'code' in parsed ? Promise.resolve() : Promise.reject(new Error(t(parsed.error, parsed.values)));
              },
            },
          ]}
        >
          <Input placeholder={source === 'item' ? 'E3' : '16'} />
        </Form.Item>
        <Form.Item name="alarmType" label={t('alarmMapping.alarmType')} rules={[{ required: true, message: t('alarmMapping.alarmTypeRequired') }]}>
          <Select options={MAPPED_ALARM_TYPES.map((type) => ({ value: type, label: ALARM_TYPES[type]![lang] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
