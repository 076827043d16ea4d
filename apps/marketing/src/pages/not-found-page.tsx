import { Link } from "react-router";
import { buttonClassName } from "@oystar/ui-kit";
import { messages } from "../messages";

export function NotFoundPage() {
  return (
    <section className="page-intro">
      <h1>{messages.notFound.title}</h1>
      <p>{messages.notFound.text}</p>
      {/* Issue 52 §7: a way back a finger can hit (24 px at least, WCAG 2.2 2.5.8). */}
      <Link to="/oystar" className={buttonClassName({ variant: "secondary" })}>
        {messages.notFound.back}
      </Link>
    </section>
  );
}
