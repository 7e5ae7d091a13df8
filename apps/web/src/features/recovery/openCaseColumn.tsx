import type { ComponentProps } from 'react';
import type { ListColumn } from '../../components/ListTable';
import type { Translate } from '../../lib/i18n/translate';
import { OpenCaseButton } from './OpenCaseButton';

/** A list's 发起追车 column (逾期客户): the row's customer, pinned right like other row actions. */
export function openCaseColumn<T>(t: Translate, dialogOf: (row: T) => Omit<ComponentProps<typeof OpenCaseButton>, 'size' | 'type'>): ListColumn<T> {
  return {
    key: 'openCase', title: t('common.action'), width: 110, fixed: 'right', locked: true,
    render: (_, row) => <OpenCaseButton size="small" type="link" {...dialogOf(row)} />,
  };
}
