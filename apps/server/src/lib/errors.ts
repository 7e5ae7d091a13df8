import { Codes } from '@cvrisk/contracts';
import type { ZodError } from 'zod';

/** An error the caller caused or must know about; its code and message go into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const badInput = (msg: string) => new AppError(Codes.BAD_INPUT, msg);
export const notFound = (msg = '数据不存在') => new AppError(Codes.NOT_FOUND, msg);
export const conflict = (msg: string) => new AppError(Codes.CONFLICT, msg);
/** The refusal of every call but the change while a user's password must be changed. */
export const PASSWORD_MUST_CHANGE = '请先修改密码：临时密码修改为您自己的密码后，才能进行其他操作';
export const noPermission = (msg = '没有权限执行此操作') => new AppError(Codes.NO_PERMISSION, msg);
export const invalidToken = (msg = '登录已失效，请重新登录') => new AppError(Codes.INVALID_TOKEN, msg);
export const tooMany = (msg: string) => new AppError(Codes.TOO_MANY, msg);

/**
 * "参数错误：pageSize 不能大于1000；deviceKind 取值无效" — every bad field named once, with its
 * first problem (a schema checks bounds before the finer rules, so that is the telling one).
 */
export function describeZodError(error: ZodError): string {
  const byField = new Map<string, string>();
  for (const i of error.issues) {
    const field = i.path.length ? i.path.join('.') : '请求体';
    if (!byField.has(field)) byField.set(field, `${field} ${i.message}`);
  }
  return `参数错误：${[...byField.values()].join('；')}`;
}
