import { CarCalls, HomeCalls, PushCalls, RiskConfigCalls, WarningCalls, WarningFeedCalls, type RiskConfigReply } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countQuery, tickerQuery } from '../../app/layout/topbar/topbar.queries';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { CARS_KEY, fetchCarPage } from '../customerCars/cars.queries';
import { warningCountQuery } from '../home/home.queries';
import { riskConfigQuery } from '../riskWarningConfig/riskConfig.queries';
import { webhookListQuery } from '../warningPushConfig/push.queries';
import { TreatDialog } from './TreatDialog';
import { fetchWarningPage, warningTypeDictQuery, WARNINGS_KEY } from './warnings.queries';

const page = { list: [], count: 0 };
const listQuery = { pageNumber: 1, pageSize: 20 };

/** Every view that may be on screen (or kept in the cache) while a warning is handled. */
function Views() {
  const reads = [
    useQuery({ queryKey: [WARNINGS_KEY, 'list', listQuery], queryFn: ({ signal }) => fetchWarningPage(listQuery, signal) }),
    useQuery(countQuery(true)),
    useQuery(tickerQuery(true)),
    useQuery(warningCountQuery()),
    useQuery(webhookListQuery({ pageNumber: 1, pageSize: 10 })),
    useQuery(riskConfigQuery(undefined)),
    useQuery({ queryKey: [CARS_KEY, 'list', listQuery], queryFn: ({ signal }) => fetchCarPage(listQuery, signal) }),
    useQuery(warningTypeDictQuery()),
  ];
  return reads.every((r) => r.isSuccess) ? <TreatDialog open mode="unify" target={{ id: 5, warningType: 1, deviceNumber: '8652' }} onClose={() => {}} /> : null;
}

afterEach(() => vi.unstubAllGlobals());

describe('handling a warning', () => {
  // Any list may show what handling changed (a car's open warnings, the audit log): every view on
  // screen is asked again; only reference data (the warning types) is kept.
  it('refetches the warning list, the counts, the home figures, the top bar and every other view on screen, not reference data', async () => {
    const { sent } = fakeServer([
      answer(WarningCalls.list, page),
      answer(WarningCalls.unifyDeal, { ids: [5], count: 1 }),
      answer(WarningFeedCalls.count, { allCountStatus0: 3 }),
      answer(WarningFeedCalls.ticker, { list: [] }),
      answer(HomeCalls.warningCount, { today: 1, unhandled: 3, handledToday: 0 }),
      answer(PushCalls.list, page),
      answer(RiskConfigCalls.get, {} as RiskConfigReply),
      answer(CarCalls.list, page),
      answer(WarningCalls.typeDict, []),
    ]);
    renderRoutes([{ path: '/', element: <Views /> }], '/');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('处理内容'), '已电话联系客户');
    await u.click(screen.getByRole('button', { name: '确定处理' }));

    await waitFor(() => expect(sent(WarningCalls.unifyDeal)).toHaveLength(1));
    const views = [WarningCalls.list, WarningFeedCalls.count, WarningFeedCalls.ticker, HomeCalls.warningCount, PushCalls.list, RiskConfigCalls.get, CarCalls.list];
    for (const refetched of views) await waitFor(() => expect(sent(refetched)).toHaveLength(2));
    expect(sent(WarningCalls.typeDict)).toHaveLength(1);
  });
});
