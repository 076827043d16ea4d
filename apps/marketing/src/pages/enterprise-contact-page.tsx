import { enterpriseFormSchema } from "@oystar/api-client";
import { Button } from "@oystar/ui-kit/react";
import { FormError, FormSuccess } from "../forms/form-outcome";
import { TextField } from "../forms/text-field";
import { useFormSubmission } from "../forms/use-form-submission";

const empty = { name: "", email: "", company: "", message: "" };

/** /enterprise-contact: the Enterprise quote request (spec 000 §2). */
export function EnterpriseContactPage() {
  const form = useFormSubmission("/api/forms/enterprise", enterpriseFormSchema, empty);
  return (
    <section className="page-intro form-page">
      <title>Contatti Enterprise — OYSTAR</title>
      <h1>Richiedi un preventivo Enterprise</h1>
      <p>RAG fino a 1 TB e condizioni su misura. Ti rispondiamo entro 24 ore.</p>
      {form.status === "success" ? (
        <FormSuccess text="Ti risponderemo entro 24 ore." againLabel="Invia un'altra richiesta" onAgain={form.reset} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit();
          }}
        >
          {form.status === "error" ? <FormError /> : null}
          <TextField label="Nome" required autoComplete="name" value={form.fields.name} onChange={form.set("name")} error={form.errors.name} />
          <TextField label="Email" type="email" required autoComplete="email" value={form.fields.email} onChange={form.set("email")} error={form.errors.email} />
          <TextField label="Azienda" required autoComplete="organization" value={form.fields.company} onChange={form.set("company")} error={form.errors.company} />
          <TextField label="Messaggio" multiline value={form.fields.message} onChange={form.set("message")} error={form.errors.message} />
          <Button type="submit" loading={form.status === "submitting"}>
            Invia richiesta
          </Button>
        </form>
      )}
    </section>
  );
}
export { EnterpriseContactPage as Component };
