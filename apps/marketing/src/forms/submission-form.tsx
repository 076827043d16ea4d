import { Button } from "@oystar/ui-kit/react";
import type { ReactNode } from "react";
import { FormError } from "./form-outcome";
import type { FormStatus } from "./use-form-submission";

/** A request form: the fields, the spec's error when sending failed, and the send button. */
export function SubmissionForm({ status, onSubmit, children }: { status: FormStatus; onSubmit: () => void; children: ReactNode }) {
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
      <Button type="submit" loading={status === "submitting"}>
        Invia richiesta
      </Button>
    </form>
  );
}
