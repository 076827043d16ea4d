import { Link } from "react-router";

/** /business-index-request: the Business plan's indexing request (spec 000 §2). */
export function IndexRequestPage() {
  return (
    <section className="page-intro">
      <title>Richiesta di indicizzazione — OYSTAR</title>
      <h1>Richiesta di indicizzazione</h1>
      <ul>
        <li>3 custom indexes</li>
        <li>indexing takes 24-48h</li>
      </ul>
      <Link to="/">Indietro</Link>
    </section>
  );
}
export { IndexRequestPage as Component };
