import { ASSISTANT_PATHS } from "@oystar/api-client";
import { buttonClassName } from "@oystar/ui-kit";
import { ModulesSection } from "./landing-page";

/** /oystar-ai: what the assistant is, module by module. */
export function ProductPage() {
  return (
    <>
      <section className="page-intro">
        <h1>OYSTAR AI</h1>
        <p>Un assistente in italiano con tre moduli. Le conversazioni vivono nel tuo browser: il server non le salva e non le registra.</p>
        <a href={ASSISTANT_PATHS.chat} className={buttonClassName()}>
          Apri la chat
        </a>
      </section>
      <ModulesSection />
    </>
  );
}
