import { HeaderActions } from './HeaderActions';
import { Logo } from './Logo';
import { NavMenu } from './NavMenu';
import { useAfterFirstPaint } from './useAfterFirstPaint';

/** Horizontal layout's single bar: logo, menu, actions. */
export function TopBar() {
  // The actions (warning ticker and badge, searches, user menu) follow the page's first paint.
  const painted = useAfterFirstPaint();
  return (
    <div className="shell-topbar">
      <Logo />
      <div className="shell-topbar-menu">
        <NavMenu mode="horizontal" />
      </div>
      {painted && <HeaderActions />}
    </div>
  );
}
