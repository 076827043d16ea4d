import { Button, Notice } from "@oystar/ui-kit/react";
import { SUPPORT_EMAIL } from "../messages";

export const FORM_ERROR = "Si è verificato un errore. Riprova o contattaci direttamente.";

/** spec 000 §8: the form error, with the support address. */
export function FormError() {
  return (
    <Notice tone="error">
      {FORM_ERROR} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
    </Notice>
  );
}

export function FormSuccess({ text, againLabel, onAgain }: { text: string; againLabel?: string; onAgain?: () => void }) {
  return (
    <Notice tone="success" title="Richiesta inviata!">
      <p>{text}</p>
      {onAgain && againLabel ? (
        <Button variant="secondary" size="sm" onClick={onAgain}>
          {againLabel}
        </Button>
      ) : null}
    </Notice>
  );
}
