import { CONTROL_ACTION_LABELS, type CaseDevice, type ControlAction, type ControlRequestItem } from '@cvrisk/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Card, Empty, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { RelayTag } from '../../components/device/RelayTag';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { ControlStateTag } from './CaseTags';
import { ControlDecideDialog } from './ControlDecideDialog';
import { ControlRequestDialog } from './ControlRequestDialog';
import { cancelControl } from './recovery.queries';

type Props = {
  caseId: number;
  /** Null when the caller no longer sees the cars. */
  devices: readonly CaseDevice[] | null;
  controls: readonly ControlRequestItem[];
  canRequest: boolean;
};

/** One request: what, on which device, where it stands, who asked and who decided, and what the terminal answered. */
function RequestRow({ r, onDecide }: { r: ControlRequestItem; onDecide: (approve: boolean) => void }) {
  const { t, lang } = useI18n();
  const { message } = App.useApp();
  const cancel = useMutation({ mutationFn: () => cancelControl(r.id), onSuccess: ({ msg }) => void message.success(msg) });
  return (
    <li>
      <div className="rc-list-head">
        <strong>{CONTROL_ACTION_LABELS[r.action][lang]}</strong>
        <span>{r.deviceNumber}</span>
        <ControlStateTag state={r.state} />
      </div>
      <div>{t('recoveryCase.controlAsked', { by: r.requestedBy, at: r.requestedAt, reason: r.reason })}</div>
      {r.decidedBy && (
        <div>{t(r.state === 'refused' ? 'recoveryCase.controlRefusedBy' : 'recoveryCase.controlApprovedBy', { by: r.decidedBy, at: r.decidedAt ?? '-' })}{r.decisionNote ? `：${r.decisionNote}` : ''}</div>
      )}
      {r.holdReason && <Typography.Text type="warning">{t('recoveryCase.controlHeld', { reason: r.holdReason })}</Typography.Text>}
      {r.sentAt && <div className="rc-muted">{t('recoveryCase.controlSent', { at: r.sentAt })}</div>}
      {r.answer && <div>{t('recoveryCase.controlAnswer', { answer: r.answer, at: r.answeredAt ?? '-' })}</div>}
      {(r.canDecide || r.canCancel) && (
        <div className="rc-row-actions">
          {r.canDecide && (
            <>
              <Button type="primary" size="small" danger={r.action === 'cut'} onClick={() => onDecide(true)}>{t('recoveryCase.controlApprove')}</Button>
              <Button size="small" onClick={() => onDecide(false)}>{t('recoveryCase.controlRefuse')}</Button>
            </>
          )}
          {r.canCancel && (
            <Popconfirm title={t('recoveryCase.controlCancelConfirm')} onConfirm={() => cancel.mutate()}>
              <Button size="small" loading={cancel.isPending}>{t('recoveryCase.controlCancel')}</Button>
            </Popconfirm>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * 断油断电: request a cut or a restore per device (where the server allows it and the model has a
 * mapping), and the requests with their state; approve, refuse and withdraw only where the server says so.
 */
export function CaseControls({ caseId, devices, controls, canRequest }: Props) {
  const { t, lang } = useI18n();
  const [asking, setAsking] = useState<{ deviceNumber: string; action: ControlAction } | null>(null);
  const [deciding, setDeciding] = useState<{ request: ControlRequestItem; approve: boolean } | null>(null);
  const requestable = canRequest && devices !== null ? devices : [];
  return (
    <Card size="small" className="rc-card" title={t('recoveryCase.controls')}>
      {requestable.length > 0 && (
        <ul className="rc-list rc-control-devices">
          {requestable.map((d) => (
            <li key={d.deviceNumber}>
              <div className="rc-list-head">
                <strong>{d.deviceNumber}</strong>
                {d.method !== null && <RelayTag relay={d.relay} />}
              </div>
              {d.method === null ? (
                <Typography.Text type="warning">{d.unmappedReason ?? t('recoveryCase.controlUnmapped')}</Typography.Text>
              ) : (
                <div className="rc-row-actions">
                  {(['cut', 'restore'] as const).map((action) => (
                    <Button key={action} danger={action === 'cut'} onClick={() => setAsking({ deviceNumber: d.deviceNumber, action })}>
                      {t('recoveryCase.controlAsk', { action: CONTROL_ACTION_LABELS[action][lang] })}
                    </Button>
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {controls.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recoveryCase.noControls')} />
      ) : (
        <ul className="rc-list">
          {controls.map((r) => (
            <RequestRow key={r.id} r={r} onDecide={(approve) => setDeciding({ request: r, approve })} />
          ))}
        </ul>
      )}
      {asking && <ControlRequestDialog caseId={caseId} {...asking} onClose={() => setAsking(null)} />}
      {deciding && <ControlDecideDialog {...deciding} onClose={() => setDeciding(null)} />}
    </Card>
  );
}
