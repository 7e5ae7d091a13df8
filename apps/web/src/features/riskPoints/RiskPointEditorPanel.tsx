import { SaveOutlined } from '@ant-design/icons';
import { RISK_POINT_CATEGORY_LABELS, RiskPointCategories, type RiskPointCategory } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { LngLat } from '../../components/map/draw/geometry';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { ADDRESS_MAX, formatLngLat, NAME_MAX, riskPointProblems, type RiskPointDraft, type RiskPointField } from './riskPointForm';
import { reverseQuery } from './riskPoints.queries';

type Values = { name: string; category?: RiskPointCategory; address: string };

type Props = {
  /** The point as it was when the editor opened (fields and position). */
  initial: RiskPointDraft;
  /** Where the point is now: the operator moves it by clicking the map or picking a searched place. */
  point: LngLat | null;
  saving: boolean;
  onSave: (draft: RiskPointDraft) => void;
  onCancel: () => void;
};

const NOWHERE: LngLat = { lng: 0, lat: 0 };

/**
 * The card over the map while a risk point is added or edited. When the point moves, its address is
 * filled in from reverse geocoding (the old one would be wrong); the operator may still correct it.
 */
export function RiskPointEditorPanel({ initial, point, saving, onSave, onCancel }: Props) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<Values>();
  const [startPoint] = useState(initial.point);
  const moved = point !== null && point !== startPoint;
  const reverse = useQuery({ ...reverseQuery(point ?? NOWHERE), enabled: moved });
  const draftOf = (values: Partial<Values>): RiskPointDraft => ({ ...initial, name: '', address: '', ...values, point });
  const pointProblem = point ? riskPointProblems({ ...initial, point }, t).point : undefined;
  const rule = (field: RiskPointField) => ({
    validator: async () => {
      const problem = riskPointProblems(draftOf(form.getFieldsValue()), t)[field];
      if (problem) throw new Error(problem);
    },
  });

  const found = moved && reverse.isSuccess ? reverse.data : undefined;
  useEffect(() => {
    if (found === undefined) return;
    form.setFieldValue('address', found?.address ?? '');
    if (found) void form.validateFields(['address']);
  }, [form, found]);

  const title = initial.id ? t('riskPoint.editTitle') : t('riskPoint.addTitle');
  return (
    <div className="map-overlay risk-editor" role="dialog" aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {point === null ? (
        <>
          <p className="risk-editor-prompt">{t('riskPoint.pickPrompt')}</p>
          <div className="risk-editor-buttons">
            <Button onClick={onCancel}>{t('riskPoint.cancel')}</Button>
          </div>
        </>
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ name: initial.name, category: initial.category, address: initial.address }}
          onFinish={(values) => onSave(draftOf(values))}
        >
          <Form.Item label={t('riskPoint.position')} extra={t('riskPoint.moveHint')}>
            <span className="risk-editor-coordinates">{formatLngLat(point)}</span>
          </Form.Item>
          <Form.Item name="name" label={t('riskPoint.name')} required rules={[rule('name')]}>
            <Input placeholder={t('riskPoint.namePlaceholder')} maxLength={NAME_MAX} showCount autoFocus />
          </Form.Item>
          <Form.Item name="category" label={t('riskPoint.category')} required rules={[rule('category')]}>
            <Select
              placeholder={t('riskPoint.categoryPlaceholder')}
              options={RiskPointCategories.map((c) => ({ value: c, label: RISK_POINT_CATEGORY_LABELS[c][lang] }))}
            />
          </Form.Item>
          <Form.Item
            name="address"
            label={t('riskPoint.address')}
            required
            rules={[rule('address')]}
            extra={moved && reverse.isFetching ? t('riskPoint.addressLoading') : found === null ? t('riskPoint.addressUnknown') : undefined}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={ADDRESS_MAX} placeholder={t('riskPoint.addressPlaceholder')} />
          </Form.Item>
          {pointProblem && <Alert type="error" showIcon title={pointProblem} className="risk-editor-alert" />}
          <div className="risk-editor-buttons">
            <Button onClick={onCancel}>{t('riskPoint.cancel')}</Button>
            <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} disabled={Boolean(pointProblem)}>
              {t('riskPoint.save')}
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
