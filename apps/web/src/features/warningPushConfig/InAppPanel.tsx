import { warningTypeName, type InAppTypeSetting } from '@cvrisk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSession } from '../../app/session/SessionContext';
import { DeptTreeSelect } from '../../components/DeptTreeSelect';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { inAppQuery, institutionQuery, PUSH_KEY, saveInApp } from './push.queries';
import './inAppPanel.css';

/**
 * 站内推送: per department and warning type, whether its users are told in the console (ticker, badge,
 * live notice). Opens on the department a link from 部门管理 names, else the caller's own.
 */
export function InAppPanel({ initialDeptId }: { initialDeptId?: number }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const { user } = useSession();
  const client = useQueryClient();
  const [deptId, setDeptId] = useState<number>(initialDeptId ?? user.deptId);
  const settings = useQuery(inAppQuery(deptId));
  const institution = useQuery(institutionQuery(deptId));
  const editable = settings.data?.editable ?? false;
  const save = useMutation({
    mutationFn: (v: { warningType: InAppTypeSetting['warningType']; inApp: boolean | null }) => saveInApp({ deptId, ...v }),
    onSuccess: ({ settings: next, msg }) => {
      void message.success(msg);
      client.setQueryData(inAppQuery(deptId).queryKey, next);
      // Departments below may follow this one.
      void client.invalidateQueries({ queryKey: [PUSH_KEY, 'inApp'] });
    },
  });
  const busy = (type: number) => save.isPending && save.variables?.warningType === type;

  const sourceText = (s: InAppTypeSetting) =>
    s.source === 'own' ? t('inApp.sourceOwn') : s.source === 'inherited' ? t('inApp.sourceInherited', { dept: s.sourceDeptName ?? '' }) : t('inApp.sourceDefault');

  const columns: TableColumnsType<InAppTypeSetting> = [
    { title: t('inApp.type'), dataIndex: 'warningTypeName', width: 150, render: (_, s) => warningTypeName(s.warningType, lang) },
    {
      title: t('inApp.switch'), dataIndex: 'inApp', width: 100,
      render: (on: boolean, s) => (
        <Switch
          size="small"
          checked={on}
          disabled={!editable}
          loading={busy(s.warningType)}
          aria-label={`${t('inApp.switch')} ${warningTypeName(s.warningType, lang)}`}
          onChange={(v) => save.mutate({ warningType: s.warningType, inApp: v })}
        />
      ),
    },
    { title: t('inApp.source'), key: 'source', width: 200, ellipsis: true, render: (_, s) => <Typography.Text type={s.source === 'own' ? undefined : 'secondary'}>{sourceText(s)}</Typography.Text> },
    { title: t('inApp.updated'), key: 'updated', width: 230, render: (_, s) => (s.updateTime ? `${orDash(s.updatedBy)} / ${s.updateTime}` : '-') },
    {
      title: t('push.config.actions'), key: 'actions', width: 140,
      render: (_, s) =>
        editable && s.source === 'own' && (
          <Button type="link" size="small" disabled={busy(s.warningType)} onClick={() => save.mutate({ warningType: s.warningType, inApp: null })}>
            {t('inApp.inherit')}
          </Button>
        ),
    },
  ];

  return (
    <Card size="small" title={t('inApp.title')} className="in-app-panel">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('inApp.hint')} />
        {settings.data && !editable && <Alert type="warning" showIcon title={t('inApp.readOnly')} />}
        <Space wrap>
          <span>{t('inApp.dept')}</span>
          <div className="in-app-dept">
            <DeptTreeSelect value={deptId} onChange={(v) => setDeptId(v ?? user.deptId)} />
          </div>
          {/* An institution's own settings need no "belongs to itself". */}
          {institution.data && institution.data.id !== deptId && <Typography.Text type="secondary">{t('inApp.institution', { name: institution.data.name })}</Typography.Text>}
        </Space>
        <Table<InAppTypeSetting>
          rowKey="warningType"
          size="small"
          columns={columns}
          dataSource={settings.data?.list ?? []}
          loading={settings.isPending}
          scroll={{ x: 820 }}
          pagination={false}
        />
      </Space>
    </Card>
  );
}

