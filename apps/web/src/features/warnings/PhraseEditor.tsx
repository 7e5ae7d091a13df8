import { DeleteOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  HANDLING_PHRASE_MAX, HANDLING_PHRASE_MIN, HANDLING_PHRASES_PER_TYPE, WARNING_TYPE_CODES, warningTypeName,
  type WarningTypeCode,
} from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { HANDLING_PHRASES_KEY, handlingPhrasesQuery, resetHandlingPhrases, saveHandlingPhrases } from './handlingPhrases.queries';

type Props = {
  /** The types of the warning being handled: the first is edited first. */
  types: readonly number[];
  /** Whose list is edited first: the institution of the warning being handled, or null for the platform default. */
  level: number | null;
  onClose: () => void;
};

type Values = { phrases: string[] };

/** The platform default in the level picker (no department has id 0). */
const DEFAULT_LEVEL = 0;

/**
 * 编辑常用语: a type's phrases (at most ten, 3–50 characters, each once) of one institution — the
 * administrator's own (本机构) — or, for platform administrators, of the platform default (平台默认) or
 * any institution they pick. A type the institution never saved follows the default; 恢复平台默认 makes
 * a saved one follow it again.
 */
export function PhraseEditor({ types, level: initialLevel, onClose }: Props) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [level, setLevel] = useState<number | null>(initialLevel);
  const [type, setType] = useState<WarningTypeCode>((types[0] as WarningTypeCode | undefined) ?? WARNING_TYPE_CODES[0]!);
  const [form] = Form.useForm<Values>();
  const current = useQuery(handlingPhrasesQuery({ deptId: level ?? undefined }));
  const data = current.data;
  const groupOf = (code: number) => data?.list.find((g) => g.warningType === code);
  const group = groupOf(type);
  const institution = level !== null;

  // Each level's list fills the form once it is read (the form keeps its values across a change of level otherwise).
  const filled = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (!data || filled.current === level) return;
    filled.current = level;
    form.setFieldsValue({ phrases: data.list.find((g) => g.warningType === type)?.phrases ?? [] });
  }, [data, level, type, form]);

  const save = useMutation({
    mutationFn: (v: Values) => saveHandlingPhrases({ deptId: level ?? undefined, warningType: type, phrases: v.phrases.map((p) => p.trim()) }),
    onSuccess: (msg) => {
      void message.success(msg);
      void client.invalidateQueries({ queryKey: [HANDLING_PHRASES_KEY] });
      onClose();
    },
  });
  const reset = useMutation({
    mutationFn: () => resetHandlingPhrases({ deptId: level ?? undefined, warningType: type }),
    onSuccess: ({ group: back, msg }) => {
      void message.success(msg);
      form.setFieldsValue({ phrases: back.phrases });
      void client.invalidateQueries({ queryKey: [HANDLING_PHRASES_KEY] });
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

  const levelName = data?.deptName ?? '';

  return (
    <Modal
      open
      title={t('warnings.editPhrases')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('warnings.savePhrases')}
      okButtonProps={{ disabled: !data?.editable }}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={520}
    >
      {!data ? (
        <Spin className="phrase-loading" />
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)} initialValues={{ phrases: group?.phrases ?? [] }}>
          <Form.Item label={t('warnings.phrasesLevel')}>
            {data.anyInstitution ? (
              <Select<number>
                value={level ?? DEFAULT_LEVEL}
                onChange={(v) => setLevel(v === DEFAULT_LEVEL ? null : v)}
                aria-label={t('warnings.phrasesLevel')}
                showSearch={{ optionFilterProp: 'label' }}
                options={[{ value: DEFAULT_LEVEL, label: t('warnings.phrasesPlatformDefault') }, ...data.institutions.map((i) => ({ value: i.id, label: i.name }))]}
              />
            ) : (
              <Typography.Text>
                {levelName}
                {institution && <Tag className="phrase-level-tag">{t('warnings.phrasesOwnInstitution')}</Tag>}
              </Typography.Text>
            )}
          </Form.Item>
          <Alert
            className="phrase-level-hint"
            type="info"
            showIcon
            title={institution ? t('warnings.phrasesHintInstitution', { name: levelName }) : t('warnings.phrasesHintDefault')}
          />
          <Form.Item label={t('warnings.warningType')}>
            <Space wrap>
              <Select<WarningTypeCode>
                value={type}
                onChange={(code) => {
                  setType(code);
                  form.setFieldsValue({ phrases: groupOf(code)?.phrases ?? [] });
                }}
                aria-label={t('warnings.warningType')}
                options={WARNING_TYPE_CODES.map((code) => ({ value: code, label: warningTypeName(code, lang) }))}
                popupMatchSelectWidth={false}
              />
              {institution && group && (
                <Tag color={group.isDefault ? 'default' : 'blue'}>{group.isDefault ? t('warnings.phrasesFollowDefault') : t('warnings.phrasesOwnList')}</Tag>
              )}
              {institution && group && !group.isDefault && data.editable && (
                <Popconfirm
                  title={t('warnings.phrasesResetConfirm', { name: levelName, type: warningTypeName(type, lang) })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => reset.mutateAsync()}
                >
                  <Button size="small" icon={<RollbackOutlined />} loading={reset.isPending}>
                    {t('warnings.phrasesReset')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
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
      )}
    </Modal>
  );
}
