import { StartButton } from "./start-button";

export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <p className="hero__eyebrow">AI built for privacy</p>
      <h1 id="hero-title" className="hero__title">
        L&apos;assistente AI in italiano che rispetta la tua privacy
      </h1>
      <p className="hero__lead">
        Modelli open source su server in Europa. Nessun addestramento sui tuoi dati, nessun registro dei tuoi messaggi. Pronto in 30
        secondi.
      </p>
      <div className="hero__actions">
        <StartButton start={{ plan: "free" }} size="lg" className="hero__primary">
          Prova gratis
        </StartButton>
        <StartButton start={{ plan: "plans" }} size="lg" variant="secondary" className="hero__secondary">
          Vedi i piani
        </StartButton>
      </div>
      <ul className="hero__facts">
        <li>Risposte in meno di 1 secondo</li>
        <li>Contesto da 128K token</li>
        <li>IT · EN · ES · FR · DE</li>
        <li>Oltre 1.000 utenti soddisfatti</li>
      </ul>
    </section>
  );
}
