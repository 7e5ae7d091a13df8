import { LinkOutlined } from '@ant-design/icons';
import type { FieldLinkItem } from '@cvrisk/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { FieldLinkDialog } from './FieldLinkDialog';
import { fieldLinkOpensQuery, revokeFieldLink } from './recovery.queries';

type Props = { caseId: number; links: readonly FieldLinkItem[]; canLink: boolean };

function LinkState({ link }: { link: FieldLinkItem }) {
  const { t } = useI18n();
  if (link.live) return <Tag color="green">{t('recoveryCase.linkLive')}</Tag>;
  return <Tag>{t(link.revokedAt ? 'recoveryCase.linkRevoked' : 'recoveryCase.linkDead')}</Tag>;
}

/** Every opening of the case's links (time, address, browser): asked only when someone looks. */
function LinkOpens({ caseId }: { caseId: number }) {
  const { t } = useI18n();
  const opens = useQuery(fieldLinkOpensQuery(caseId));
  if (opens.isPending) return <div className="rc-muted">{t('common.loading')}</div>;
  if (opens.isError) return null;
  if (opens.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recoveryCase.linkNoOpens')} />;
  return (
    <ul className="rc-list rc-opens">
      {opens.data.map((o, i) => (
        <li key={i}>
          <div className="rc-list-head">
            <strong>{o.linkLabel}</strong>
            <span className="rc-muted">{o.at}</span>
          </div>
          <div className="rc-muted">{o.ip}</div>
          <div className="rc-opens-agent">{o.userAgent}</div>
        </li>
      ))}
    </ul>
  );
}

/** 外勤链接: links handed to field teams' phones, revoked at once when needed, and who opened them. */
export function CaseLinks({ caseId, links, canLink }: Props) {
  const { t } = useI18n();
  const [creating, setCreating] = useState(false);
  const [showOpens, setShowOpens] = useState(false);
  const { message } = App.useApp();
  const revoke = useMutation({ mutationFn: revokeFieldLink, onSuccess: (l) => void message.success(t('recoveryCase.linkRevokedDone', { label: l.label })) });
  return (
    <Card
      size="small"
      className="rc-card"
      title={t('recoveryCase.links')}
      extra={canLink && <Button type="primary" size="small" icon={<LinkOutlined />} onClick={() => setCreating(true)}>{t('recoveryCase.linkCreate')}</Button>}
    >
      {links.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recoveryCase.noLinks')} />
      ) : (
        <ul className="rc-list">
          {links.map((l) => (
            <li key={l.id}>
              <div className="rc-list-head">
                <strong>{l.label}</strong>
                <LinkState link={l} />
                {canLink && l.live && (
                  <Popconfirm title={t('recoveryCase.linkRevokeConfirm', { label: l.label })} okButtonProps={{ danger: true }} onConfirm={() => revoke.mutate(l.id)}>
                    <Button type="link" danger size="small" loading={revoke.isPending && revoke.variables === l.id}>{t('recoveryCase.linkRevoke')}</Button>
                  </Popconfirm>
                )}
              </div>
              <div className="rc-muted">{t('recoveryCase.linkMade', { by: l.createdBy ?? t('recoveryCase.system'), at: l.createdAt, until: l.revokedAt ?? l.expiresAt })}</div>
              <div className="rc-muted">
                {l.opens > 0 ? t('recoveryCase.linkOpened', { count: l.opens, at: l.lastOpenedAt ?? '-' }) : t('recoveryCase.linkNeverOpened')}
              </div>
            </li>
          ))}
        </ul>
      )}
      {links.some((l) => l.opens > 0) && (
        <Button type="link" size="small" className="rc-opens-toggle" onClick={() => setShowOpens((v) => !v)}>
          {t(showOpens ? 'recoveryCase.linkOpensHide' : 'recoveryCase.linkOpensShow')}
        </Button>
      )}
      {showOpens && <LinkOpens caseId={caseId} />}
      {creating && <FieldLinkDialog caseId={caseId} onClose={() => setCreating(false)} />}
    </Card>
  );
}
