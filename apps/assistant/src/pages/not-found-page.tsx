import { buttonClassName } from "@oystar/ui-kit";
import { messages } from "../messages";

export function Component() {
  return (
    <section className="assistant-message">
      <h1>{messages.notFound.title}</h1>
      {/* Issue 52 §7: a way back a finger can hit (24 px at least, WCAG 2.2 2.5.8). */}
      <a href="/" className={buttonClassName({ variant: "secondary" })}>
        {messages.notFound.back}
      </a>
    </section>
  );
}
