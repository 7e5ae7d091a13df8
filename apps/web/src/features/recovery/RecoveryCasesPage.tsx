import { PlusOutlined } from '@ant-design/icons';
import type { CaseItem } from '@cvrisk/contracts';
import { Button } from 'antd';
import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useListQuery } from '../../lib/useListQuery';
import { caseColumns, casePath } from './caseColumns';
import { CaseFilterForm } from './CaseFilterForm';
import { caseListSchema, filtersFromQuery, filtersToQuery, withTab, type CaseFilterValues, type CaseListView } from './caseFilters';
import { CaseStateTabs } from './CaseStateTabs';
import { ControlAwaitingNotice } from './ControlAwaitingNotice';
import { OpenCaseDialog } from './OpenCaseDialog';
import { exportCases, fetchCasePage, RECOVERY_KEY } from './recovery.queries';
import './recovery.css';

/** Each row (and each phone card) is marked with its case, so a click anywhere on it opens the case. */
const ROW_MARK = 'recovery-case-';

/**
 * 追车管理: the cases of the caller's scope by state, with the timers a manager watches, opening each
 * case's page. A recovery company's user (recovery:field without recovery:manage) gets the same list as
 * their tasks, the open ones first. Approvers see the immobilisation requests waiting for them above it.
 */
export function RecoveryCasesPage() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const { user } = useSession();
  const has = (p: 'recovery:manage' | 'recovery:field' | 'vehicle:control') => user.permissions.includes(p);
  const canManage = has('recovery:manage');
  const team = has('recovery:field') && !canManage;
  const schema = useMemo(() => caseListSchema(team), [team]);
  const { query, search } = useListQuery(schema);
  const [opening, setOpening] = useState(false);

  const open = useCallback((c: CaseItem) => void navigate(casePath(c.id)), [navigate]);
  const columns = useMemo(() => caseColumns(t, lang, open), [t, lang, open]);
  const fromForm = useCallback((v: CaseFilterValues, current: CaseListView) => filtersToQuery(v, current, team), [team]);

  // The shared table has no row click of its own: the click is read from the row's mark.
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('a, button, input, .ant-pagination, .ant-checkbox')) return;
    const row = target.closest<HTMLElement>(`[class*="${ROW_MARK}"]`);
    const id = row && new RegExp(`${ROW_MARK}(\\d+)`).exec(row.className)?.[1];
    if (id) void navigate(casePath(Number(id)));
  };

  return (
    <div className={team ? 'recovery-list is-team' : 'recovery-list'} onClick={onClick}>
      {has('vehicle:control') && <ControlAwaitingNotice />}
      <ListScreen
        id={RECOVERY_KEY}
        title={t(team ? 'recovery.fieldTitle' : 'recovery.title')}
        schema={schema}
        fetchPage={fetchCasePage}
        toForm={filtersFromQuery}
        fromForm={fromForm}
        filters={(props) => <CaseFilterForm {...props} institution={!team} canListTeams={canManage} />}
        summary={() => <CaseStateTabs view={query} onTab={(tab) => search(withTab(query, tab))} />}
        columns={columns}
        rowKey="id"
        exportFile={exportCases}
        actions={
          canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpening(true)}>
              {t('recovery.new')}
            </Button>
          )
        }
        table={{ emptyText: t(team ? 'recovery.fieldEmpty' : canManage ? 'recovery.empty' : 'recovery.emptyReadOnly'), rowClassName: (r) => `recovery-case-row ${ROW_MARK}${r.id}` }}
      />
      {opening && <OpenCaseDialog source="manual" onClose={() => setOpening(false)} />}
    </div>
  );
}
