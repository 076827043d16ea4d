import type { ReactNode } from "react";
import { isChunkLoadError } from "../load-chunk";
import { uiMessages } from "../messages";
import { Button } from "./button";

export type ErrorScreenProps = {
  title?: ReactNode;
  children?: ReactNode;
  /** Defaults to a 'Ricarica Pagina' button that reloads the page. */
  action?: ReactNode;
  /** What went wrong (a router's error): a part of the app that did not load says so. */
  error?: unknown;
};

/**
 * A full-page failure screen; by default the generic router failure of spec 000 §8, or — for a
 * part of the app that did not load even when tried again — an offer to reload the page.
 */
export function ErrorScreen({ title, children, action, error }: ErrorScreenProps) {
  const chunk = isChunkLoadError(error);
  return (
    <main className="oy-error-screen">
      <div className="oy-card oy-error-screen__card">
        <h1 className="oy-error-screen__title">{title ?? (chunk ? uiMessages.chunkFailedTitle : uiMessages.unexpectedError)}</h1>
        {children ?? (chunk ? <p>{uiMessages.chunkFailedText}</p> : null)}
        {action ?? <Button onClick={() => window.location.reload()}>{uiMessages.reloadPage}</Button>}
      </div>
    </main>
  );
}
