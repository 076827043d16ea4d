import { buttonClassName } from "@oystar/ui-kit";
import { pdfViewMessages } from "./messages";

export type LockedPdfZoneProps = {
  /** Where the plans are (spec 001 §5: a non-business user trying to upload goes to /subscription). */
  upgradeHref: string;
  /** A file dropped here is an attempt to upload: the app sends the user to the plans. */
  onAttempt: () => void;
};

/** spec 001 §2, §5: PDF upload belongs to Business and Enterprise; others see what it offers. */
export function LockedPdfZone({ upgradeHref, onAttempt }: LockedPdfZoneProps) {
  const words = pdfViewMessages.locked;
  return (
    <div
      className="pdf-drop pdf-drop--locked"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        onAttempt();
      }}
    >
      <span className="pdf-drop__hint">
        <strong>{words.title}</strong> — {words.text}
      </span>
      <a className={buttonClassName({ variant: "secondary", size: "sm" })} href={upgradeHref}>
        {words.upgrade}
      </a>
    </div>
  );
}
