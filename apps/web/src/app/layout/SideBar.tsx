import { Layout } from 'antd';
import { Logo } from './Logo';
import { NavMenu } from './NavMenu';

type Props = { collapsed: boolean; isMobile: boolean; onClose: () => void };

const SIDER_WIDTH = 208;

/** On a phone-sized screen the bar slides over the page instead of squeezing it. */
export function SideBar({ collapsed, isMobile, onClose }: Props) {
  return (
    <>
      {isMobile && !collapsed && <div className="shell-mask" onClick={onClose} aria-hidden />}
      <Layout.Sider
        className={`shell-sider${isMobile ? ' is-mobile' : ''}`}
        width={SIDER_WIDTH}
        collapsedWidth={isMobile ? 0 : 64}
        collapsed={collapsed}
        trigger={null}
        collapsible
      >
        <Logo collapsed={collapsed} />
        <NavMenu mode="inline" collapsed={collapsed} onNavigate={isMobile ? onClose : undefined} />
      </Layout.Sider>
    </>
  );
}
