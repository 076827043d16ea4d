import type { ReactNode } from "react";
import { cx, type NoticeTone } from "../class-names";
import { uiMessages } from "../messages";
import { IconButton } from "./button";

export type NoticeProps = {
  tone: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a 'Chiudi' button. */
  onDismiss?: () => void;
  className?: string;
};

/**
 * The product's in-page alert: the spec's "alert" messages are shown with it instead of
 * window.alert. Warnings and errors interrupt a screen reader (role=alert); the rest is polite.
 */
export function Notice({ tone, title, children, onDismiss, className }: NoticeProps) {
  const urgent = tone === "warning" || tone === "error";
  return (
    <div role={urgent ? "alert" : "status"} className={cx("oy-notice", `oy-notice--${tone}`, className)}>
      <div className="oy-notice__content">
        {title ? <p className="oy-notice__title">{title}</p> : null}
        {children}
      </div>
      {onDismiss ? <IconButton label={uiMessages.close} icon="✕" size="sm" onClick={onDismiss} /> : null}
    </div>
  );
}
