import type { ResultEnvelope, RiskConfigReply, RiskWarningConfig } from '@cvrisk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getResult, request } from '../../api/http';

export const RISK_CONFIG_KEY = 'riskWarningConfig';

/** Without a department the server answers the caller's own institution (the first one for platform staff). */
export function riskConfigQuery(deptId: number | undefined) {
  return queryOptions({
    queryKey: [RISK_CONFIG_KEY, deptId ?? 'own'],
    queryFn: ({ signal }) => getResult<RiskConfigReply>('/api/riskConfig/getRiskWarningConfig', { params: { deptId }, signal }),
  });
}

/** The server's `msg` says when the change takes effect; the operator is told it as it is. */
export async function saveRiskConfig(deptId: number, config: RiskWarningConfig): Promise<{ reply: RiskConfigReply; msg: string }> {
  const r = await request<ResultEnvelope<RiskConfigReply>>('/api/riskConfig/saveRiskWarningConfig', { method: 'POST', data: { deptId, config } });
  return { reply: r.result, msg: r.msg };
}

export async function resetRiskConfig(deptId: number): Promise<{ reply: RiskConfigReply; msg: string }> {
  const r = await request<ResultEnvelope<RiskConfigReply>>('/api/riskConfig/resetRiskWarningConfig', { method: 'POST', data: { deptId } });
  return { reply: r.result, msg: r.msg };
}
