import { messages } from "../messages";
import { AudienceSection, ChatSection, DebateSection, ProblemSolutionSection, RagSection } from "./landing/features-section";
import { HeroSection } from "./landing/hero-section";
import { PricingSection } from "./landing/pricing-section";
import { PrivacySection } from "./landing/privacy-section";
import { TestimonialsSection } from "./landing/testimonials-section";
import { StartButton } from "./landing/start-button";

/** The landing at /oystar and / (spec 000 §2): its sections in the spec's order. */
export function LandingPage() {
  return (
    <>
      <HeroSection />
      <PrivacySection />
      <ProblemSolutionSection />
      <AudienceSection />
      <ChatSection />
      <DebateSection />
      <RagSection />
      <PricingSection />
      <TestimonialsSection />
      <ClosingSection />
    </>
  );
}

function ClosingSection() {
  return (
    <section className="landing-section closing" aria-labelledby="closing-title">
      <h2 id="closing-title">Pronto in 30 secondi</h2>
      <p>La registrazione è automatica al primo accesso.</p>
      <StartButton start={{ plan: "free" }} size="lg">
        Inizia gratis
      </StartButton>
    </section>
  );
}

/** /oystar-ai: the three modules in brief. */
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
