import { VehicleControlCalls, type RelayStatus } from '@cvrisk/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, fakeServer } from '../../test/fakeServer';
import { renderRoutes } from '../../test/renderWithProviders';
import { RelayLine } from './RelayLine';

const cut: RelayStatus = { deviceNumber: '865253061441142', model: 'GT06N', method: 'terminalControl', unmappedReason: null, relay: 'cut', reportedAt: '2026-11-29 08:00:00', speed: 0 };

function show(reply: RelayStatus) {
  const server = fakeServer([answer(VehicleControlCalls.relay, reply)]);
  renderRoutes([{ path: '/', element: <div data-testid="card"><RelayLine deviceNumber="865253061441142" /></div> }], '/');
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('RelayLine', () => {
  it('says fuel and power are cut for a mapped model that reports it', async () => {
    show(cut);
    expect(await screen.findByText('油电已断开')).toBeTruthy();
    expect(screen.getByText('油电状态')).toBeTruthy();
  });

  it('shows nothing for a model without a mapping', async () => {
    const server = show({ ...cut, method: null, unmappedReason: '型号 X9 没有断油断电指令映射', relay: 'normal' });
    await waitFor(() => expect(server.sent(VehicleControlCalls.relay)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('card').textContent).toBe(''));
    expect(screen.queryByText('油电状态')).toBeNull();
  });
});
