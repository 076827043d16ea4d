import { ASSISTANT_PATHS } from "@oystar/api-client";
import { Link } from "react-router";
import { StartButton } from "./start-button";

const trio = [
  { problem: "Le tue domande finiscono su server lontani.", solution: "OYSTAR usa modelli open source su server in Europa." },
  {
    problem: "Le risposte lente fanno perdere il filo.",
    solution: "Risposte in meno di 1 secondo in chat, in meno di 2 nella ricerca sui documenti.",
  },
  { problem: "Cercare nei propri documenti richiede ore.", solution: "Il RAG risponde dai tuoi PDF e siti, citando le fonti." },
];

export function ProblemSolutionSection() {
  return (
    <section className="landing-section" aria-labelledby="trio-title">
      <h2 id="trio-title">Dal problema alla soluzione</h2>
      <ul className="trio">
        {trio.map((item) => (
          <li key={item.problem} className="oy-card">
            <p className="trio__problem">{item.problem}</p>
            <p className="trio__solution">{item.solution}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** spec 000 §1: who the product is for. */
const audiences = [
  "Professionisti",
  "Sviluppatori",
  "Studenti",
  "Creativi",
  "Studi legali",
  "Sanità",
  "Finanza",
  "Università",
  "Società di consulenza",
  "Industria",
];

export function AudienceSection() {
  return (
    <section className="landing-section" aria-labelledby="audience-title">
      <h2 id="audience-title">Per chi è OYSTAR</h2>
      <p>Per chi vuole un assistente AI senza cedere i propri dati:</p>
      <ul className="audiences">
        {audiences.map((audience) => (
          <li key={audience}>{audience}</li>
        ))}
      </ul>
    </section>
  );
}

export function ChatSection() {
  return (
    <section className="landing-section feature" aria-labelledby="chat-title">
      <h2 id="chat-title">OYSTAR AI: la chat privata</h2>
      <p>
        Risposte in streaming, in italiano o nella lingua della domanda. Con i piani Business ed Enterprise puoi caricare un PDF e chiedere
        un verbale, un riassunto o le azioni da fare.
      </p>
      <p className="feature__note">Incluso nel piano Free: 50 domande al mese, senza carta.</p>
      <StartButton start={{ demo: ASSISTANT_PATHS.chat }} variant="secondary">
        Prova la chat
      </StartButton>
    </section>
  );
}

const sampleDebate = [
  {
    speaker: "Modello A",
    text: "Il lavoro da remoto aumenta la produttività: meno spostamenti, più concentrazione. Quali attività ne traggono meno vantaggio?",
  },
  {
    speaker: "Modello B",
    text: "La collaborazione spontanea ne soffre: le idee nascono anche in corridoio. Proviamo un modello ibrido con giorni fissi in ufficio?",
  },
];

export function DebateSection() {
  return (
    <section className="landing-section feature" aria-labelledby="debate-title">
      <h2 id="debate-title">OYSTAR Debate: due AI, due tesi</h2>
      <p>Due modelli sostengono tesi opposte, turno dopo turno, poi arrivano a una sintesi finale.</p>
      <ol className="sample-debate" aria-label="Esempio di dibattito: lavoro da remoto">
        {sampleDebate.map((turn) => (
          <li key={turn.speaker} className="sample-debate__turn">
            <strong>{turn.speaker}</strong> {turn.text}
          </li>
        ))}
      </ol>
      <StartButton start={{ demo: ASSISTANT_PATHS.debate }} variant="secondary">
        Avvia un dibattito
      </StartButton>
    </section>
  );
}

export function RagSection() {
  return (
    <section className="landing-section feature" aria-labelledby="rag-title">
      <h2 id="rag-title">OYSTAR RAG: risposte dai tuoi documenti</h2>
      <p>
        Domande sui tuoi PDF e siti web, con fonti citate e verificate, in meno di 2 secondi. Fused retrieval, reranking con cross-encoder e
        multi-query. Nei piani Business ed Enterprise.
      </p>
      <div className="feature__actions">
        <StartButton start={{ plan: "business" }}>Vedi il piano Business</StartButton>
        <Link to="/enterprise-contact" className="oy-button oy-button--secondary oy-button--md">
          Contatta le vendite
        </Link>
      </div>
    </section>
  );
}
