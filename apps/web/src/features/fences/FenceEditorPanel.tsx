import { EditOutlined, SaveOutlined } from '@ant-design/icons';
import { FENCE_ALARM_ON_LABELS, FENCE_SHAPE_LABELS, FenceAlarmOns, type FenceAlarmOn } from '@cvrisk/contracts';
import { Alert, Button, Form, Input, Radio, Space, Typography } from 'antd';
import { formatMetres } from '../../components/map/draw/geometry';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { fenceProblems, NAME_MAX, type FenceDraft, type FenceField } from './fenceForm';

type Props = {
  draft: FenceDraft;
  /** The drawing tool is on the map: explain it instead of showing the form. */
  drawing: boolean;
  saving: boolean;
  onChange: (values: { name?: string; alarmOn?: FenceAlarmOn }) => void;
  onRedraw: () => void;
  onSave: () => void;
  onCancel: () => void;
};

type Values = { name: string; alarmOn?: FenceAlarmOn };

/** The card over the map while a fence is drawn or edited: how to draw, then its name, alarm and shape. */
export function FenceEditorPanel({ draft, drawing, saving, onChange, onRedraw, onSave, onCancel }: Props) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<Values>();
  const problems = fenceProblems(draft, t);
  const rule = (field: FenceField) => ({
    validator: async () => {
      const problem = fenceProblems({ ...draft, ...form.getFieldsValue() }, t)[field];
      if (problem) throw new Error(problem);
    },
  });
  const title = draft.id ? t('fence.editTitle') : t('fence.newTitle', { shape: FENCE_SHAPE_LABELS[draft.shape][lang] });

  if (drawing) {
    return (
      <div className="map-overlay fence-editor" role="dialog" aria-label={title}>
        <Typography.Title level={5}>{title}</Typography.Title>
        <ul className="fence-editor-steps">
          {(draft.shape === 'circle' ? ['fence.circleStep1', 'fence.circleStep2', 'fence.circleStep3'] as const : ['fence.polygonStep1', 'fence.polygonStep2', 'fence.polygonStep3'] as const).map(
            (key) => (
              <li key={key}>{t(key)}</li>
            ),
          )}
        </ul>
        <div className="fence-editor-buttons">
          <Button onClick={onCancel}>{t('fence.cancelDrawing')}</Button>
        </div>
      </div>
    );
  }

  const g = draft.geometry;
  const summary =
    draft.shape === 'circle' && draft.geometry
      ? t('fence.circleSummary', { radius: formatMetres(draft.geometry.radius, lang) })
      : draft.shape === 'polygon' && draft.geometry
        ? t('fence.polygonSummary', { count: draft.geometry.points.length })
        : '';

  return (
    <div className="map-overlay fence-editor" role="dialog" aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ name: draft.name, alarmOn: draft.alarmOn }}
        onValuesChange={(changed: Partial<Values>) => onChange(changed)}
        onFinish={() => {
          if (!problems.geometry) onSave();
        }}
      >
        <Form.Item name="name" label={t('fence.name')} required rules={[rule('name')]} validateFirst>
          <Input placeholder={t('fence.namePlaceholder')} maxLength={NAME_MAX} showCount autoFocus />
        </Form.Item>
        <Form.Item name="alarmOn" label={t('fence.alarmOn')} required rules={[rule('alarmOn')]} extra={t('fence.alarmOnHint')}>
          <Radio.Group optionType="button" buttonStyle="solid" options={FenceAlarmOns.map((v) => ({ value: v, label: FENCE_ALARM_ON_LABELS[v][lang] }))} />
        </Form.Item>
        <Form.Item label={t('fence.shape')} required>
          <Space size={4} wrap>
            <span className="fence-editor-summary">{summary}</span>
            <Button size="small" icon={<EditOutlined />} onClick={onRedraw}>
              {t('fence.redraw')}
            </Button>
          </Space>
          {g && <div className="fence-editor-hint">{draft.shape === 'circle' ? t('fence.editCircleHint') : t('fence.editPolygonHint')}</div>}
        </Form.Item>
        {problems.geometry && <Alert type="error" showIcon title={problems.geometry} className="fence-editor-alert" />}
        <div className="fence-editor-buttons">
          <Button onClick={onCancel}>{t('fence.cancel')}</Button>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={Boolean(problems.geometry)}>
            {t('fence.save')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
