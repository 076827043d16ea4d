import type { ReactNode } from "react";
import { uiMessages } from "../messages";
import { Button } from "./button";

export type ErrorScreenProps = {
  title?: ReactNode;
  children?: ReactNode;
  /** Defaults to a 'Ricarica Pagina' button that reloads the page. */
  action?: ReactNode;
};

/** A full-page failure screen; by default the generic router failure of spec 000 §8. */
export function ErrorScreen({ title = uiMessages.unexpectedError, children, action }: ErrorScreenProps) {
  return (
    <main className="oy-error-screen">
      <div className="oy-card oy-error-screen__card">
        <h1 className="oy-error-screen__title">{title}</h1>
        {children}
        {action ?? <Button onClick={() => window.location.reload()}>{uiMessages.reloadPage}</Button>}
      </div>
    </main>
  );
}
