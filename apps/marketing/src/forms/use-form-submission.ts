import { API_ROUTES } from "@oystar/api-client";
import { useApiClient } from "@oystar/auth/react";
import { useState } from "react";

/** The site's forms, each a route of api-client's table whose body schema checks the fields here and on the server. */
export type SiteForm = "contactForm" | "enterpriseForm" | "indexRequestForm";

/** spec 000 §4: idle, submitting, success, error. */
export type FormStatus = "idle" | "submitting" | "success" | "error";

/**
 * Validates with the same schema the server uses, shows the first problem per field, and posts.
 * A failed send keeps what was typed: nothing is lost.
 */
export function useFormSubmission<Fields extends Record<string, string>>(form: SiteForm, initial: Fields) {
  const schema = API_ROUTES[form].body;
  const api = useApiClient();
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [status, setStatus] = useState<FormStatus>("idle");

  const set = (name: keyof Fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  async function submit() {
    const parsed = schema.safeParse(fields);
    if (!parsed.success) {
      const found: Partial<Record<keyof Fields, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Fields;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setStatus("submitting");
    try {
      await api.call(form, { body: parsed.data });
      setStatus("success");
    } catch {
      setStatus("error");
    }
  }

  const reset = () => {
    setFields(initial);
    setErrors({});
    setStatus("idle");
  };

  return { fields, set, errors, status, submit, reset };
}
