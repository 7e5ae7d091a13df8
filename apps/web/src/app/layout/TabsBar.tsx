import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { landingAfterClose, tabsReducer, type TabsAction, type VisitedTab } from './tabs';

type Props = {
  tabs: VisitedTab[];
  activePath: string;
  dispatch: (action: TabsAction) => void;
  onReload: () => void;
};

export const TABS_BAR_HEIGHT = 40;

type CloseAction = Exclude<TabsAction, { type: 'open' }>;

/** One tab per visited page; the menu on each tab (right click) and on the arrow closes groups of them. */
export function TabsBar({ tabs, activePath, dispatch, onReload }: Props) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();

  const apply = (action: CloseAction, focus?: VisitedTab) => {
    const remaining = tabsReducer(tabs, action);
    dispatch(action);
    if (remaining.some((x) => x.path === activePath)) return;
    // Closing around a tab other than the active one lands on that tab.
    const target = focus && remaining.some((x) => x.path === focus.path) ? focus.fullPath : landingAfterClose(remaining, activePath);
    if (target) navigate(target);
  };

  const menuFor = (tab: VisitedTab): MenuProps => {
    const changes = (action: CloseAction) => tabsReducer(tabs, action).length !== tabs.length;
    const actions: Record<string, CloseAction> = {
      closeOthers: { type: 'closeOthers', path: tab.path },
      closeLeft: { type: 'closeLeft', path: tab.path },
      closeRight: { type: 'closeRight', path: tab.path },
      closeAll: { type: 'closeAll' },
    };
    return {
      items: [
        { key: 'reload', label: t('tabs.refresh'), disabled: tab.path !== activePath },
        { type: 'divider' },
        { key: 'closeOthers', label: t('tabs.closeOthers'), disabled: !changes(actions.closeOthers!) },
        { key: 'closeLeft', label: t('tabs.closeLeft'), disabled: !changes(actions.closeLeft!) },
        { key: 'closeRight', label: t('tabs.closeRight'), disabled: !changes(actions.closeRight!) },
        { key: 'closeAll', label: t('tabs.closeAll'), disabled: !changes(actions.closeAll!) },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'reload') onReload();
        else apply(actions[key]!, tab);
      },
    };
  };

  const active = tabs.find((x) => x.path === activePath);
  return (
    <div className="shell-tabs">
      <Tabs
        type="editable-card"
        size="small"
        hideAdd
        activeKey={activePath}
        onChange={(key) => {
          const tab = tabs.find((x) => x.path === key);
          if (tab) navigate(tab.fullPath);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') apply({ type: 'close', path: key });
        }}
        items={tabs.map((tab) => ({
          key: tab.path,
          closable: !tab.meta.affix,
          label: (
            <Dropdown menu={menuFor(tab)} trigger={['contextMenu']}>
              <span className="shell-tab-label">{tab.meta.title[lang]}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={
          active && {
            right: (
              <Dropdown menu={menuFor(active)} placement="bottomRight">
                <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.closeOthers')} />
              </Dropdown>
            ),
          }
        }
      />
    </div>
  );
}
