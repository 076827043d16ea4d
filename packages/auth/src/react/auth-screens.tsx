import { Button } from "@oystar/ui-kit/react";
import { ErrorScreen } from "@oystar/ui-kit/react";
import { authMessages } from "../messages";

const sdkFallbacks = new Set<string>([authMessages.loginFailed, authMessages.tokenFailed]);

/**
 * spec 000 §2: the provider's message, or the default; 'Vai al Login' when the message is about
 * the email (e.g. an unverified address), otherwise 'Ricarica Pagina' back to the site root.
 */
export function AuthErrorScreen({ message, goTo }: { message?: string; goTo: (path: string) => void }) {
  // The SDK's own fallbacks are not the provider's message: the spec's default says it in Italian.
  const fromProvider = message && !sdkFallbacks.has(message) ? message : null;
  const text = fromProvider ?? authMessages.authProblem;
  const aboutEmail = /email/i.test(text);
  return (
    <ErrorScreen
      title={text}
      action={
        aboutEmail ? (
          <Button onClick={() => goTo("/login")}>{authMessages.goToLogin}</Button>
        ) : (
          <Button onClick={() => goTo("/")}>{authMessages.reloadPage}</Button>
        )
      }
    />
  );
}

/** spec 000 §2: the welcome screen on a purple background with the ACCEDI button. */
export function WelcomeScreen({ onLogin, busy = false }: { onLogin: () => void; busy?: boolean }) {
  return (
    <div className="oy-welcome">
      <main className="oy-welcome__card">
        <img className="oy-welcome__logo" src="/favicon.svg" alt="OYSTAR" width="72" height="72" />
        <h1 className="oy-welcome__title">{authMessages.welcomeTitle}</h1>
        <p className="oy-welcome__line">{authMessages.welcomeLine}</p>
        <Button size="lg" loading={busy} onClick={onLogin}>
          {authMessages.signIn}
        </Button>
      </main>
      <footer className="oy-welcome__footer">{authMessages.copyright(new Date().getFullYear())}</footer>
    </div>
  );
}
