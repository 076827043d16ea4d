import { Button } from "@oystar/ui-kit/react";
import type { ReactNode } from "react";
import { FormError } from "./form-outcome";
import type { FormStatus } from "./use-form-submission";
import { useHydrated } from "./use-hydrated";

/** A request form: the fields, the spec's error when sending failed, and the send button. */
export function SubmissionForm({ status, onSubmit, children }: { status: FormStatus; onSubmit: () => void; children: ReactNode }) {
  // The page arrives prerendered: until React has taken it over, a click would send the form the
  // browser's way (a reload that loses what was typed). The button waits for React.
  const hydrated = useHydrated();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {status === "error" ? <FormError /> : null}
      {children}
      <Button type="submit" loading={status === "submitting"} disabled={!hydrated}>
        Invia richiesta
      </Button>
    </form>
  );
}
