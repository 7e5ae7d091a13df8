import { z } from 'zod';

/**
 * In the browser — the console's page and its workers — zod must not compile parsers with `new
 * Function`: the console's Content-Security-Policy has no 'unsafe-eval', and zod's probe for it, made
 * when the first object schema is built, is reported as a policy violation although zod catches it.
 * index.ts imports this module first, so it runs before any schema is built. The server keeps the
 * compiled parsers.
 */
if ('document' in globalThis || 'WorkerGlobalScope' in globalThis) z.config({ jitless: true });

const TYPE_NAMES: Record<string, string> = {
  number: '数字',
  int: '整数',
  string: '文本',
  boolean: '布尔值（true 或 false）',
  array: '数组',
  object: '对象',
};

/**
 * Messages for the checks a schema states without its own words. The server puts the field's name
 * in front ("pageSize 不能大于1000"), so a message says only what is wrong — and says characters
 * for text, items for lists.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined) return '不能为空';
        return `应为${TYPE_NAMES[issue.expected] ?? issue.expected}`;
      case 'too_big': {
        const max = Number(issue.maximum);
        if (issue.origin === 'string') return `最多${max}个字符`;
        if (issue.origin === 'array' || issue.origin === 'set') return `最多${max}项`;
        return issue.inclusive === false ? `应小于${max}` : `不能大于${max}`;
      }
      case 'too_small': {
        const min = Number(issue.minimum);
        if (issue.origin === 'string') return min <= 1 ? '不能为空' : `至少${min}个字符`;
        if (issue.origin === 'array' || issue.origin === 'set') return `至少${min}项`;
        return issue.inclusive === false ? `应大于${min}` : `不能小于${min}`;
      }
      case 'invalid_value':
        return `取值无效，可选：${issue.values.map(String).join('、')}`;
      case 'unrecognized_keys':
        return `不支持的字段：${issue.keys.join('、')}`;
      case 'invalid_format':
        return '格式不正确';
      default:
        return undefined;
    }
  },
});
