import { FormSuccess } from "../forms/form-outcome";
import { SubmissionForm } from "../forms/submission-form";
import { TextField } from "../forms/text-field";
import { useFormSubmission } from "../forms/use-form-submission";

const empty = { name: "", email: "", company: "", message: "" };

/** /enterprise-contact: the Enterprise quote request (spec 000 §2). */
export function EnterpriseContactPage() {
  const form = useFormSubmission("enterpriseForm", empty);
  return (
    <section className="page-intro form-page">
      <h1>Richiedi un preventivo Enterprise</h1>
      <p>RAG fino a 1 TB e condizioni su misura. Ti rispondiamo entro 24 ore.</p>
      {form.status === "success" ? (
        <FormSuccess text="Ti risponderemo entro 24 ore." againLabel="Invia un'altra richiesta" onAgain={form.reset} />
      ) : (
        <SubmissionForm status={form.status} onSubmit={() => void form.submit()}>
          <TextField
            label="Nome"
            required
            autoComplete="name"
            value={form.fields.name}
            onChange={form.set("name")}
            error={form.errors.name}
          />
          <TextField
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={form.fields.email}
            onChange={form.set("email")}
            error={form.errors.email}
          />
          <TextField
            label="Azienda"
            required
            autoComplete="organization"
            value={form.fields.company}
            onChange={form.set("company")}
            error={form.errors.company}
          />
          <TextField label="Messaggio" multiline value={form.fields.message} onChange={form.set("message")} error={form.errors.message} />
        </SubmissionForm>
      )}
    </section>
  );
}
