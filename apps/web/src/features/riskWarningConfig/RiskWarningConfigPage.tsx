import { ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import type { RiskConfigReply, RiskWarningConfig } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Empty, Form, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CONFIG_GROUPS } from './configFields';
import { ConfigGroupCard } from './ConfigGroupCard';
import { resetRiskConfig, RISK_CONFIG_KEY, riskConfigQuery, saveRiskConfig } from './riskConfig.queries';
import './riskConfig.css';

/** 预警配置 (风控配置): one finance institution's warning thresholds; the institution is in the address bar. */
export function RiskWarningConfigPage() {
  const { t } = useI18n();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const deptId = Number(params.get('deptId')) || undefined;
  const current = useQuery(riskConfigQuery(deptId));
  const [form] = Form.useForm<RiskWarningConfig>();
  const data = current.data;

  useEffect(() => {
    if (data) form.setFieldsValue(data.config);
  }, [form, data]);

  const stored = (r: { reply: RiskConfigReply; msg: string }) => {
    queryClient.setQueryData(riskConfigQuery(deptId).queryKey, r.reply);
    // The form follows the new reply through the effect above.
    void queryClient.invalidateQueries({ queryKey: [RISK_CONFIG_KEY] });
    void message.success(r.msg);
  };
  const save = useMutation({ mutationFn: (config: RiskWarningConfig) => saveRiskConfig(data!.deptId, config), onSuccess: stored });
  const reset = useMutation({ mutationFn: () => resetRiskConfig(data!.deptId), onSuccess: stored });

  if (!data) {
    return <Card variant="borderless">{current.isPending ? <Spin className="risk-config-loading" /> : <Empty description={t('common.loadFailed')} />}</Card>;
  }

  const confirmReset = () =>
    modal.confirm({
      title: t('riskAdmin.reset'),
      content: t('riskAdmin.resetConfirm', { name: data.deptName }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => reset.mutateAsync(),
    });

  return (
    <div className="risk-config-page">
      <Card variant="borderless">
        <div className="risk-config-head">
          <Space size={12} wrap>
            <Typography.Text strong className="risk-config-title">{t('riskAdmin.configTitle')}</Typography.Text>
            {data.institutions.length > 1 ? (
              <Select
                className="risk-config-institution"
                aria-label={t('riskAdmin.institution')}
                value={data.deptId}
                options={data.institutions.map((i) => ({ value: i.id, label: i.name }))}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(id: number) => setParams({ deptId: String(id) })}
              />
            ) : (
              <Typography.Text>{data.deptName}</Typography.Text>
            )}
            <Tag color={data.isDefault ? 'default' : 'blue'}>{data.isDefault ? t('riskAdmin.usingDefault') : t('riskAdmin.customised')}</Tag>
          </Space>
          {data.editable && (
            <Space>
              <Button icon={<ReloadOutlined />} onClick={confirmReset} disabled={data.isDefault} loading={reset.isPending}>
                {t('riskAdmin.reset')}
              </Button>
              <Button type="primary" icon={<SaveOutlined />} onClick={() => form.submit()} loading={save.isPending}>
                {t('riskAdmin.save')}
              </Button>
            </Space>
          )}
        </div>
        <Alert
          className="risk-config-notice"
          type={data.editable ? 'info' : 'warning'}
          showIcon
          title={data.editable ? t('riskAdmin.appliesWithin', { minutes: Math.round(data.appliesWithinMs / 60_000) }) : t('riskAdmin.readOnly')}
        />
      </Card>
      <Form<RiskWarningConfig>
        form={form}
        disabled={!data.editable}
        layout="horizontal"
        labelCol={{ flex: '168px' }}
        labelWrap
        onFinish={(config) => save.mutate(config)}
        scrollToFirstError
      >
        <Row gutter={[12, 12]}>
          {CONFIG_GROUPS.map((g) => (
            <Col key={g.key} xs={24} xl={12}>
              <ConfigGroupCard group={g} defaults={data.defaults} />
            </Col>
          ))}
        </Row>
      </Form>
    </div>
  );
}
