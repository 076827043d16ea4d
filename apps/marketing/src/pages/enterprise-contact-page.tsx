import { SUPPORT_EMAIL } from "../messages";

/** /enterprise-contact: the quote request (spec 000 §2). */
export function EnterpriseContactPage() {
  return (
    <section className="page-intro">
      <title>Contatti Enterprise — OYSTAR</title>
      <h1>Richiedi un preventivo Enterprise</h1>
      <p>Ti rispondiamo entro 24 ore.</p>
      <p>
        Scrivici a <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </section>
  );
}
export { EnterpriseContactPage as Component };
