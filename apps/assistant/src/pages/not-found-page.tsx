import { messages } from "../messages";

export function Component() {
  return (
    <section className="assistant-message">
      <h1>{messages.notFound.title}</h1>
      <a href="/">{messages.notFound.back}</a>
    </section>
  );
}
