import { HeaderActions } from './HeaderActions';
import { Logo } from './Logo';
import { NavMenu } from './NavMenu';

/** Horizontal layout's single bar: logo, menu, actions. */
export function TopBar() {
  return (
    <div className="shell-topbar">
      <Logo />
      <div className="shell-topbar-menu">
        <NavMenu mode="horizontal" />
      </div>
      <HeaderActions />
    </div>
  );
}
