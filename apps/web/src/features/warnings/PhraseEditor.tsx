import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  HANDLING_PHRASE_MAX, HANDLING_PHRASE_MIN, HANDLING_PHRASES_PER_TYPE, WARNING_TYPE_CODES, warningTypeName,
  type HandlingPhraseGroup, type WarningTypeCode,
} from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { HANDLING_PHRASES_KEY, saveHandlingPhrases } from './handlingPhrases.queries';

type Props = {
  /** The types of the warning being handled: the first is edited first. */
  types: readonly number[];
  groups: HandlingPhraseGroup[];
  onClose: () => void;
};

type Values = { phrases: string[] };

/** 编辑常用语: a type's phrases (at most ten, 3–50 characters, each once) for every operator. */
export function PhraseEditor({ types, groups, onClose }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [type, setType] = useState<WarningTypeCode>((types[0] as WarningTypeCode | undefined) ?? WARNING_TYPE_CODES[0]!);
  const [form] = Form.useForm<Values>();
  const phrasesOf = (code: number) => groups.find((g) => g.warningType === code)?.phrases ?? [];
  const save = useMutation({
    mutationFn: (v: Values) => saveHandlingPhrases({ warningType: type, phrases: v.phrases.map((p) => p.trim()) }),
    onSuccess: (msg) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [HANDLING_PHRASES_KEY] });
      onClose();
    },
  });

  const checkPhrase = (value: string | undefined, index: number) => {
    const text = (value ?? '').trim();
    const count = [...text].length;
    if (count < HANDLING_PHRASE_MIN) return Promise.reject(new Error(t('warnings.phraseTooShort', { min: HANDLING_PHRASE_MIN })));
    if (count > HANDLING_PHRASE_MAX) return Promise.reject(new Error(t('warnings.phraseTooLongEdit', { max: HANDLING_PHRASE_MAX, count })));
    const all: string[] = form.getFieldValue('phrases') ?? [];
    if (all.some((p, i) => i !== index && (p ?? '').trim() === text)) return Promise.reject(new Error(t('warnings.phraseDuplicate')));
    return Promise.resolve();
  };

  return (
    <Modal
      open
      title={t('warnings.editPhrases')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('warnings.savePhrases')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={520}
    >
      <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} initialValues={{ phrases: phrasesOf(type) }}>
        <Form.Item label={t('warnings.warningType')}>
          <Select<WarningTypeCode>
            value={type}
            onChange={(code) => {
              setType(code);
              form.setFieldsValue({ phrases: phrasesOf(code) });
            }}
            aria-label={t('warnings.warningType')}
            options={WARNING_TYPE_CODES.map((code) => ({ value: code, label: warningTypeName(code, lang) }))}
          />
        </Form.Item>
        <Form.List name="phrases">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Form.Item key={field.key} required={false} className="phrase-row">
                  <div className="phrase-row-inner">
                    <Form.Item {...field} noStyle validateTrigger={['onChange', 'onBlur']} rules={[{ validator: (_, v: string | undefined) => checkPhrase(v, index) }]}>
                      <Input maxLength={HANDLING_PHRASE_MAX + 10} aria-label={t('warnings.phraseN', { n: index + 1 })} />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('warnings.phraseRemove', { n: index + 1 })} />
                  </div>
                </Form.Item>
              ))}
              <Button type="dashed" block icon={<PlusOutlined />} disabled={fields.length >= HANDLING_PHRASES_PER_TYPE} onClick={() => add('')}>
                {fields.length >= HANDLING_PHRASES_PER_TYPE ? t('warnings.phrasesFull', { max: HANDLING_PHRASES_PER_TYPE }) : t('warnings.phraseAdd')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
