import { cx } from "../class-names";
import { uiMessages } from "../messages";

export type SpinnerProps = {
  /** spec 000 §2: while anything loads the product says 'Caricamento...'. */
  label?: string;
  showLabel?: boolean;
  className?: string;
};

export function Spinner({ label = uiMessages.loading, showLabel = true, className }: SpinnerProps) {
  return (
    <span role="status" className={cx("oy-spinner", className)}>
      <span className="oy-spinner__ring" aria-hidden="true" />
      <span className={showLabel ? undefined : "oy-visually-hidden"}>{label}</span>
    </span>
  );
}

/**
 * The full-page 'Caricamento...' screen shown while sign-in or a page loads; `detail` says what
 * is being checked (spec 000 §2: the payment success page's verification message).
 */
export function LoadingScreen({ label = uiMessages.loading, detail }: { label?: string; detail?: string }) {
  return (
    <main className="oy-loading-screen">
      <div className="oy-loading-screen__content">
        <Spinner label={label} />
        {detail ? <p className="oy-loading-screen__detail">{detail}</p> : null}
      </div>
    </main>
  );
}
