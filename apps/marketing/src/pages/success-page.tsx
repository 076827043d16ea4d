import { Link, useSearchParams } from "react-router";

const planNames: Record<string, string> = { base: "Base", pro: "Pro", business: "Business", enterprise: "Enterprise" };

/** /success?plan=…: the payment return page; the plan defaults to Base (spec 000 §2). */
export function SuccessPage() {
  const [params] = useSearchParams();
  const plan = planNames[params.get("plan")?.toLowerCase() ?? ""] ?? "Base";
  return (
    <section className="page-intro">
      <title>Pagamento completato — OYSTAR</title>
      <h1>Grazie!</h1>
      <p>Piano {plan}</p>
      <p className="actions">
        <a href="/chat">Inizia ora</a> <Link to="/subscription">Gestisci abbonamento</Link>
      </p>
    </section>
  );
}
export { SuccessPage as Component };
