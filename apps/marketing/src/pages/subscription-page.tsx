import { Link, useSearchParams } from "react-router";

const requestablePlans = { base: "Base", pro: "Pro", business: "Business" } as const;

/** /subscription, with the optional ?plan=base|pro|business of spec 000 §2. */
export function SubscriptionPage() {
  const [params] = useSearchParams();
  const requested = params.get("plan");
  const planName = requested && requested in requestablePlans ? requestablePlans[requested as keyof typeof requestablePlans] : null;
  return (
    <section className="page-intro">
      <title>Piani — OYSTAR</title>
      <h1>Piani e prezzi</h1>
      {planName ? <p>Hai scelto il piano {planName}.</p> : null}
      <p>
        Il piano Free è gratuito per sempre. Per esigenze su misura, <Link to="/enterprise-contact">contattaci</Link>.
      </p>
    </section>
  );
}
export { SubscriptionPage as Component };
