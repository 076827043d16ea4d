import type { ReactNode } from "react";

export type AppHeaderProps = {
  brand: ReactNode;
  /** Module navigation; wraps below the brand on narrow screens. */
  nav?: ReactNode;
  status?: ReactNode;
  user?: ReactNode;
  actions?: ReactNode;
};

export function AppHeader({ brand, nav, status, user, actions }: AppHeaderProps) {
  return (
    <header className="oy-app-header">
      <div className="oy-app-header__brand">{brand}</div>
      {nav ? <div className="oy-app-header__nav">{nav}</div> : null}
      <div className="oy-app-header__end">
        {status}
        {user}
        {actions}
      </div>
    </header>
  );
}
