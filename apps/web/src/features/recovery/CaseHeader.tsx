import { CASE_ACTION_LABELS, CASE_SOURCE_LABELS, type CaseAction, type CaseItem } from '@cvrisk/contracts';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { orDash } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CaseStateTag } from './CaseTags';

/** The closing actions read as final: drawn as danger buttons so they are not taken for the next step. */
const DANGER_ACTIONS: readonly CaseAction[] = ['close'];

type Props = {
  item: CaseItem;
  /** What the server says the caller may do now, in its order. */
  actions: readonly CaseAction[];
  onAction: (action: CaseAction) => void;
};

/** The case's number and state, whose car it is, who works it and why it was opened; the buttons of its next steps. */
export function CaseHeader({ item, actions, onAction }: Props) {
  const { t, lang } = useI18n();
  const cars = item.cars.map((c) => [c.plateNumber ?? c.frameNumber, c.brand].filter(Boolean).join(' · '));
  return (
    <Card
      size="small"
      className="rc-card rc-header"
      title={
        <Space size={8} wrap>
          <span className="rc-case-no">{item.caseNo}</span>
          <CaseStateTag state={item.state} />
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        className="rc-facts"
        items={[
          { key: 'customer', label: t('recoveryCase.customer'), children: item.customerName },
          { key: 'cars', label: t('recoveryCase.cars'), children: cars.length ? cars.map((c) => <div key={c}>{c}</div>) : orDash(null) },
          { key: 'team', label: t('recoveryCase.team'), children: item.teamName ?? <Tag color="orange">{t('recoveryCase.noTeam')}</Tag> },
          { key: 'source', label: t('recoveryCase.source'), children: CASE_SOURCE_LABELS[item.source][lang] },
          { key: 'dept', label: t('recoveryCase.dept'), children: [item.financeName, item.deptName].filter(Boolean).join(' / ') },
          ...(item.overdueDays === null ? [] : [{ key: 'overdue', label: t('recoveryCase.overdueDays'), children: t('recoveryCase.days', { days: item.overdueDays }) }]),
          { key: 'opened', label: t('recoveryCase.openedBy'), children: `${item.openedAt} · ${item.openedBy ?? t('recoveryCase.system')}` },
          { key: 'reason', label: t('recoveryCase.reason'), children: item.reason, span: 'filled' },
        ]}
      />
      {actions.length > 0 && (
        <div className="rc-actions">
          {actions.map((a) => (
            <Button key={a} type={a === actions[0] ? 'primary' : 'default'} danger={DANGER_ACTIONS.includes(a)} onClick={() => onAction(a)}>
              {CASE_ACTION_LABELS[a][lang]}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
