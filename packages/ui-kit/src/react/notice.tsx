import { useId, useState, type ReactNode } from "react";
import { cx, type NoticeTone } from "../class-names";
import { uiMessages } from "../messages";
import { IconButton } from "./button";

export type NoticeProps = {
  tone: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a 'Chiudi' button. */
  onDismiss?: () => void;
  /** More to read on demand, behind a 'Dettagli' button. */
  details?: ReactNode;
  /**
   * One line: the title and the text side by side, the text cut short with an ellipsis when the
   * line is too narrow (the details then say it all). For a notice that stays on screen.
   */
  compact?: boolean;
  className?: string;
};

/**
 * The product's in-page alert: the spec's "alert" messages are shown with it instead of
 * window.alert. Warnings and errors interrupt a screen reader (role=alert); the rest is polite.
 */
export function Notice({ tone, title, children, onDismiss, details, compact = false, className }: NoticeProps) {
  const urgent = tone === "warning" || tone === "error";
  const detailsId = useId();
  const [showDetails, setShowDetails] = useState(false);
  const toggle = details ? (
    <button
      type="button"
      className="oy-notice__more"
      aria-expanded={showDetails}
      aria-controls={detailsId}
      onClick={() => setShowDetails(!showDetails)}
    >
      {uiMessages.details}
    </button>
  ) : null;
  return (
    <div role={urgent ? "alert" : "status"} className={cx("oy-notice", `oy-notice--${tone}`, compact && "oy-notice--compact", className)}>
      <div className="oy-notice__content">
        {compact ? (
          <p className="oy-notice__line">
            {/* The spaces keep the words apart for a screen reader; the flex gap does it on screen. */}
            {title ? <strong className="oy-notice__title">{title}</strong> : null} <span className="oy-notice__text">{children}</span>
            {toggle ? <> {toggle}</> : null}
          </p>
        ) : (
          <>
            {title ? <p className="oy-notice__title">{title}</p> : null}
            {children}
            {toggle ? <> {toggle}</> : null}
          </>
        )}
        {details ? (
          <div id={detailsId} className="oy-notice__details" hidden={!showDetails}>
            {details}
          </div>
        ) : null}
      </div>
      {onDismiss ? <IconButton label={uiMessages.close} icon="✕" size="sm" className="oy-notice__dismiss" onClick={onDismiss} /> : null}
    </div>
  );
}
