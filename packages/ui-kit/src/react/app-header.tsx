import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { uiMessages } from "../messages";

export type AppHeaderProps = {
  brand: ReactNode;
  /** Module navigation: in the row on wide screens, the menu's first part on a phone. */
  nav?: ReactNode;
  /** Always in the row, beside the brand (the service's status dot): a badge shows its icon alone on a phone. */
  indicator?: ReactNode;
  status?: ReactNode;
  user?: ReactNode;
  actions?: ReactNode;
  /** The phone's menu button (default 'Menu'). */
  menuLabel?: string;
};

/**
 * The page banner. On a wide screen one row: brand, navigation, indicator, status, user, actions.
 * Narrower than 720 px (a container query on the header itself) the row keeps the brand, the
 * indicator and a menu button; the rest opens below it (issue 27 §3). The menu is a disclosure:
 * the button says whether it is open (aria-expanded), Escape closes it and gives the focus back to
 * the button, as does choosing anything in it or pressing outside it.
 */
export function AppHeader({ brand, nav, indicator, status, user, actions, menuLabel = uiMessages.menu }: AppHeaderProps) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const hasMenu = Boolean(nav || status || user || actions);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!header.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  // A link or a button chosen in the open menu closes it. The focus goes back to the menu button
  // first, so a dialog the choice opens gives the focus back to a control that is still shown. A
  // button that opens something in place (aria-expanded, as the theme's choices) keeps it open.
  const onMenuClick = (event: MouseEvent<HTMLDivElement>) => {
    const chosen = event.target instanceof Element ? event.target.closest("a, button") : null;
    if (!open || !chosen || chosen.hasAttribute("aria-expanded")) return;
    button.current?.focus();
    setOpen(false);
  };

  return (
    <header ref={header} className="oy-app-header">
      <div className="oy-app-header__brand">{brand}</div>
      {indicator ? <div className="oy-app-header__indicator">{indicator}</div> : null}
      {hasMenu ? (
        <>
          <button
            ref={button}
            type="button"
            className="oy-button oy-button--secondary oy-button--sm oy-app-header__menu-button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen(!open)}
          >
            <MenuIcon />
            {menuLabel}
          </button>
          <div id={menuId} className="oy-app-header__menu" data-open={open || undefined} onClick={onMenuClick}>
            {nav ? <div className="oy-app-header__nav">{nav}</div> : null}
            <div className="oy-app-header__end">
              {status}
              {user}
              {actions}
            </div>
          </div>
        </>
      ) : null}
    </header>
  );
}

/** Three lines. */
function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
