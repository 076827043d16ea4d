import { Button } from "@oystar/ui-kit/react";
import { messages } from "../messages";

/** spec 000 §8: a router failure shows the generic 'Unexpected Application Error!' screen. */
export function RouteErrorPage() {
  return (
    <main className="page-intro">
      <h1>{messages.routeError.title}</h1>
      <Button onClick={() => window.location.reload()}>{messages.routeError.reload}</Button>
    </main>
  );
}
