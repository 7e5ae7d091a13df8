import { SearchOutlined } from '@ant-design/icons';
import { Button, Drawer, Tooltip } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { QuickSearch } from './QuickSearch';
import { useButtonTip } from './useButtonTip';

/**
 * The quick search on a small screen, where the top bar has no room for the box: an icon that opens
 * the box across the top of the screen, focused; choosing a result closes it.
 */
export function SearchButton() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const tip = useButtonTip();
  return (
    <>
      <Tooltip title={t('shell.search.open')} {...tip.tooltip}>
        <Button
          type="text"
          icon={<SearchOutlined />}
          aria-label={t('shell.search.open')}
          {...tip.target}
          onClick={() => {
            tip.hide();
            setOpen(true);
          }}
        />
      </Tooltip>
      <Drawer
        open={open}
        placement="top"
        size="auto"
        title={t('shell.search.open')}
        className="topbar-search-drawer"
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <QuickSearch autoFocus onPicked={() => setOpen(false)} />
      </Drawer>
    </>
  );
}
