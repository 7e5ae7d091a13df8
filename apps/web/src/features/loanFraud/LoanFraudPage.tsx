import { LoanFraudListQuery, type LoanFraudItem } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { FieldFilterForm } from '../../components/listFields';
import type { ListColumn } from '../../components/ListTable';
import { ListScreen } from '../../components/ListScreen';
import { useI18n } from '../../lib/i18n/I18nProvider';
import '../customers/customers.css';
import { CUSTOMERS_KEY, exportFraud, fetchFraudPage, fetchSuggestionPage } from '../customers/customers.queries';
import { MarkFraudDialog } from '../customers/MarkFraudDialog';
import { FraudHistoryDrawer } from './FraudHistoryDrawer';
import { filtersFromQuery, filtersToQuery, FRAUD_FIELDS, fraudColumns } from './fraudFields';
import { SuggestionPanel } from './SuggestionPanel';
import './loanFraud.css';

type Tab = 'flagged' | 'suggestions';

const PENDING_COUNT = { state: 'pending', pageNumber: 1, pageSize: 1 } as const;

/** 骗贷客户: the customers flagged as loan fraud, and the engine's suggestions waiting for a verdict. */
export function LoanFraudPage() {
  const { t } = useI18n();
  const { user } = useSession();
  const canMark = user.permissions.includes('warning:handle');
  // The tab is kept beside the list's filters, so a link or a refresh opens the same one.
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'suggestions' ? 'suggestions' : 'flagged';
  const [unmarking, setUnmarking] = useState<LoanFraudItem | null>(null);
  const [history, setHistory] = useState<LoanFraudItem | null>(null);
  // How many suggestions wait for a verdict, on their tab: from 已标记 an operator still sees the work.
  const waiting = useQuery({
    queryKey: [CUSTOMERS_KEY, 'suggestions', PENDING_COUNT],
    queryFn: ({ signal }) => fetchSuggestionPage(PENDING_COUNT, signal),
  });

  const columns = useMemo(() => {
    const actions: ListColumn<LoanFraudItem> = {
      key: 'actions', title: t('customers.actions'), width: 150, fixed: 'right', locked: true,
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setHistory(r)}>{t('customers.history')}</Button>
          {canMark && <Button type="link" size="small" onClick={() => setUnmarking(r)}>{t('customers.unmarkFraud')}</Button>}
        </Space>
      ),
    };
    return [...fraudColumns(t), actions];
  }, [t, canMark]);

  return (
    <div className="loan-fraud-page">
      <Card variant="borderless" className="loan-fraud-tabs">
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams(k === 'suggestions' ? { tab: 'suggestions' } : {})}
          items={[
            { key: 'flagged', label: t('customers.flaggedTab') },
            {
              key: 'suggestions',
              label: (
                <Space size={6}>
                  {t('customers.suggestionsTab')}
                  <Badge count={waiting.data?.count ?? 0} overflowCount={999} title={t('customers.suggestion.waiting', { count: waiting.data?.count ?? 0 })} />
                </Space>
              ),
            },
          ]}
        />
        {tab === 'suggestions' && <SuggestionPanel canDecide={canMark} />}
      </Card>
      {tab === 'flagged' && (
        <ListScreen
          id={`${CUSTOMERS_KEY}-fraud`}
          title={t('customers.fraudTitle')}
          schema={LoanFraudListQuery}
          fetchPage={fetchFraudPage}
          toForm={filtersFromQuery}
          fromForm={filtersToQuery}
          filters={(props) => <FieldFilterForm fields={FRAUD_FIELDS} {...props} />}
          columns={columns}
          rowKey="customerId"
          exportFile={exportFraud}
        />
      )}
      {unmarking && <MarkFraudDialog customerId={unmarking.customerId} customerName={unmarking.customerName} fraud onClose={() => setUnmarking(null)} />}
      {history && <FraudHistoryDrawer customerId={history.customerId} customerName={history.customerName} onClose={() => setHistory(null)} />}
    </div>
  );
}
