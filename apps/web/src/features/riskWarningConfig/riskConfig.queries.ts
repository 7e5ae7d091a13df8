import { RiskConfigCalls, type RiskConfigReply, type RiskWarningConfig } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callWithMessage } from '../../api/call';

export const RISK_CONFIG_KEY = 'riskWarningConfig';

/** Without a department the server answers the caller's own institution (the first one for platform staff). */
export function riskConfigQuery(deptId: number | undefined) {
  return queryOptions({
    queryKey: [RISK_CONFIG_KEY, deptId ?? 'own'],
    queryFn: ({ signal }) => call(RiskConfigCalls.get, { query: { deptId } }, { signal }),
  });
}

/** The server's `msg` says when the change takes effect; the operator is told it as it is. */
export async function saveRiskConfig(deptId: number, config: RiskWarningConfig): Promise<{ reply: RiskConfigReply; msg: string }> {
  const { value, msg } = await callWithMessage(RiskConfigCalls.save, { body: { deptId, config } });
  return { reply: value, msg };
}

export async function resetRiskConfig(deptId: number): Promise<{ reply: RiskConfigReply; msg: string }> {
  const { value, msg } = await callWithMessage(RiskConfigCalls.reset, { body: { deptId } });
  return { reply: value, msg };
}
