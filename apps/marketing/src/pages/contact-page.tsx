import { Link } from "react-router";
import { FormSuccess } from "../forms/form-outcome";
import { SubmissionForm } from "../forms/submission-form";
import { TextField } from "../forms/text-field";
import { useFormSubmission } from "../forms/use-form-submission";
import { messages, SUPPORT_EMAIL } from "../messages";

const empty = { name: "", email: "", company: "", message: "" };

/**
 * /contact: the contact form of spec 000 §3 (name, email, company, message; §5: name and email
 * required), reached from the footer's 'Supporto' (the navigation's 'Contatti' is the Enterprise form, §2).
 */
export function ContactPage() {
  const form = useFormSubmission("contactForm", empty);
  const text = messages.contact;
  return (
    <section className="page-intro form-page">
      <h1>{text.title}</h1>
      <p>
        {text.intro} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
      <p>
        {text.enterpriseHint} <Link to="/enterprise-contact">{text.enterpriseLink}</Link>
      </p>
      {form.status === "success" ? (
        <FormSuccess text={text.success} againLabel={text.again} onAgain={form.reset} />
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
