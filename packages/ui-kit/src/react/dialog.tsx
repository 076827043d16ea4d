import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { cx } from "../class-names";
import { uiMessages } from "../messages";
import { IconButton } from "./button";

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** "side": a tall panel at the right edge, for forms longer than a screen (spec 001 §2). */
  placement?: "center" | "side";
  /** A class for the panel, beside the dialog's own. */
  className?: string;
  /**
   * Where the focus goes back on closing: the control that opened the dialog. Unless told, the
   * element that had the focus when it opened (a browser may not focus a link it clicks).
   */
  returnFocus?: HTMLElement | null;
};

const focusableSelector =
  'a[href], button:not([disabled]), textarea:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A modal dialog: focus stays inside while open, Escape closes, focus goes back where it was. */
export function Dialog({ open, onClose, title, children, footer, placement = "center", className, returnFocus }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const returnTo = useRef(returnFocus);
  returnTo.current = returnFocus;

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(focusableSelector);
    (first ?? panel.current)?.focus();
    return () => (returnTo.current ?? previouslyFocused)?.focus();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return createPortal(
    <div
      className={placement === "side" ? "oy-dialog-backdrop oy-dialog-backdrop--side" : "oy-dialog-backdrop"}
      onMouseDown={onBackdropClick}
      data-testid="dialog-backdrop"
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cx(placement === "side" ? "oy-dialog oy-dialog--side" : "oy-dialog", className)}
        onKeyDown={onKeyDown}
      >
        <div className="oy-dialog__header">
          <h2 id={titleId} className="oy-dialog__title">
            {title}
          </h2>
          <IconButton label={uiMessages.close} icon="✕" size="sm" onClick={onClose} />
        </div>
        {/* The side panel's body scrolls on its own: keyboard users reach it (and scroll it) with Tab. */}
        <div className="oy-dialog__body" tabIndex={placement === "side" ? 0 : undefined}>
          {children}
        </div>
        {footer ? <div className="oy-dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
