import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Form } from 'antd';
import { useState, type ReactNode } from 'react';
import { useI18n } from '../lib/i18n/I18nProvider';
import { FiltersUnfolded, isSet } from './FilterForm';


/** How many of the form's filters are set (the badge on 筛选). */
export const filtersSet = (values: unknown) => Object.values((values ?? {}) as Record<string, unknown>).filter(isSet).length;

type Props = {
  phone: boolean;
  /** The page's title, on the bar beside 筛选. */
  title: ReactNode;
  /** The list's query as a key: a new search closes the drawer (查询 and 重置 both make one). */
  queryKey: string;
  /** The filters set in the address bar. */
  count: number;
  /** The screen's filter form, as it is on a desk. */
  children: ReactNode;
};

/**
 * The list's filters on a phone, as the warning list has them: the page's title and a 筛选 button with
 * the count of filters set, opening the same form in a drawer that closes on 查询. On a desk, the form as it is.
 * The drawer is rendered while closed, so the form stays connected and keeps the address bar's values.
 */
export function PhoneFilters({ phone, title, queryKey, count, children }: Props) {
  const { t } = useI18n();
  const [openFor, setOpenFor] = useState<string | null>(null);
  if (!phone) return children;
  // Open only for the query it was opened on: a search changes the query, and that closes it.
  const open = openFor === queryKey;
  return (
    <div className="list-phone-bar">
      <h2 className="list-phone-title">{title}</h2>
      <Badge count={count} size="small">
        <Button icon={<FilterOutlined />} onClick={() => setOpenFor(queryKey)}>
          {t('list.filters')}
        </Button>
      </Badge>
      <Drawer title={t('list.filters')} open={open} onClose={() => setOpenFor(null)} placement="right" size="88%" forceRender className="list-phone-filters">
        {/* 查询 on the same filters asks again without changing the query: close on the form's submit too. */}
        <Form.Provider onFormFinish={() => setOpenFor(null)}>
          <FiltersUnfolded value>{children}</FiltersUnfolded>
        </Form.Provider>
      </Drawer>
    </div>
  );
}
