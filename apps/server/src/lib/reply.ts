import { Codes, type DataEnvelope, type ResultEnvelope } from '@cvrisk/contracts';

export const ok = <T>(result: T, msg = '操作成功'): ResultEnvelope<T> => ({ code: Codes.OK, msg, result });
export const okData = <T>(data: T, msg = '操作成功'): DataEnvelope<T> => ({ code: Codes.OK, msg, data });
