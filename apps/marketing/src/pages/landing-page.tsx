import { buttonClassName } from "@oystar/ui-kit";
import { Link } from "react-router";
import { messages } from "../messages";

/** The landing at /oystar and / (spec 000 §2). The full set of sections arrives with the plans. */
export function LandingPage() {
  return (
    <>
      <title>OYSTAR — l'assistente AI privato</title>
      <section className="hero" aria-labelledby="hero-title">
        <p className="hero__eyebrow">{messages.tagline}</p>
        <h1 id="hero-title" className="hero__title">
          L&apos;assistente AI in italiano che rispetta la tua privacy
        </h1>
        <p className="hero__lead">
          Chatta, fai dibattere due modelli su una tesi, interroga i tuoi documenti: OYSTAR non conserva le tue
          conversazioni sui suoi server.
        </p>
        <div className="hero__actions">
          <a href="/chat" className={buttonClassName({ size: "lg" })}>
            Inizia gratis
          </a>
          <Link to="/subscription" className={buttonClassName({ size: "lg", variant: "secondary" })}>
            Vedi i piani
          </Link>
        </div>
      </section>
      <ModulesSection />
    </>
  );
}

export function ModulesSection() {
  return (
    <section className="modules" aria-labelledby="modules-title">
      <h2 id="modules-title">Tre moduli, un solo assistente</h2>
      <ul className="modules__grid">
        {messages.modules.map((module) => (
          <li key={module.href} className="oy-card">
            <h3 className="oy-card__title">{module.name}</h3>
            <p>{module.text}</p>
            <a href={module.href}>Apri {module.name}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
