import { planMessages } from "@oystar/plans-and-gates";
import { Link } from "react-router";
import { FormSuccess } from "../forms/form-outcome";
import { SubmissionForm } from "../forms/submission-form";
import { TextField } from "../forms/text-field";
import { useFormSubmission } from "../forms/use-form-submission";

const empty = { name: "", email: "", company: "", indexName: "", sourceType: "pdf", pdfUrls: "", websiteUrls: "", notes: "" };
const sources = [
  { value: "pdf", label: "Solo PDF" },
  { value: "url", label: "Solo siti web" },
  { value: "both", label: "PDF e siti web" },
] as const;

/** /business-index-request: a Business customer asks for a new index (spec 000 §2, §5). */
export function IndexRequestPage() {
  const form = useFormSubmission("indexRequestForm", empty);
  return (
    <section className="page-intro form-page">
      <h1>Richiesta di indicizzazione</h1>
      <ul>
        <li>{planMessages.customIndexes}</li>
        <li>{planMessages.indexingTime}</li>
      </ul>
      {form.status === "success" ? (
        <FormSuccess text="Prepareremo il tuo indice entro 24-48 ore." />
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
          <TextField
            label="Nome dell'indice"
            required
            value={form.fields.indexName}
            onChange={form.set("indexName")}
            error={form.errors.indexName}
          />
          <fieldset className="form-sources">
            <legend>Sorgenti *</legend>
            {sources.map((source) => (
              <label key={source.value}>
                <input
                  type="radio"
                  name="sourceType"
                  value={source.value}
                  checked={form.fields.sourceType === source.value}
                  onChange={() => form.set("sourceType")(source.value)}
                />{" "}
                {source.label}
              </label>
            ))}
          </fieldset>
          {form.fields.sourceType !== "url" ? (
            <TextField
              label="Link ai PDF"
              multiline
              hint="Un indirizzo per riga"
              value={form.fields.pdfUrls}
              onChange={form.set("pdfUrls")}
              error={form.errors.pdfUrls}
            />
          ) : null}
          {form.fields.sourceType !== "pdf" ? (
            <TextField
              label="Siti web"
              multiline
              hint="Un indirizzo per riga"
              value={form.fields.websiteUrls}
              onChange={form.set("websiteUrls")}
              error={form.errors.websiteUrls}
            />
          ) : null}
          <TextField label="Note" multiline value={form.fields.notes} onChange={form.set("notes")} error={form.errors.notes} />
        </SubmissionForm>
      )}
      <Link to="/">Indietro</Link>
    </section>
  );
}
