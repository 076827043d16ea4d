import { Link } from "react-router";
import { messages } from "../messages";

export function NotFoundPage() {
  return (
    <section className="page-intro">
      <h1>{messages.notFound.title}</h1>
      <p>{messages.notFound.text}</p>
      <Link to="/oystar">{messages.notFound.back}</Link>
    </section>
  );
}
