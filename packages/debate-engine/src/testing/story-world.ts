import type { DebateCall } from "@oystar/api-client";
import { turnRole } from "../debate-request";
import type { DebatePorts } from "../ports";
import { systemTime } from "../ports";
import { formatSynthesisAnalysis } from "../synthesis";
import { judgeAnswer } from "./fake-world";

// A world for stories: real timers, and a model that answers in character a few words at a time,
// so the screen can be seen working without a server.

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("Aborted", "AbortError"));
    });
  });

function reply(asked: DebateCall): string {
  if (asked.kind === "judge") return judgeAnswer(asked);
  if (asked.kind === "analysis") {
    return formatSynthesisAnalysis({
      introduction: `Il dibattito su «${asked.topic}» ha messo a confronto due posizioni con argomenti concreti.`,
      syntheses: [
        {
          title: "Un percorso comune",
          text: `Partire da «${asked.options.A}» e tenere di «${asked.options.B}» ciò che funziona.`,
          plan: ["Raccogliere i dati.", "Provare su piccola scala.", "Decidere con indicatori condivisi."],
        },
        { title: `Prevale «${asked.options.A}»`, text: "Se i dati confermano i vantaggi del Modello A." },
        { title: `Prevale «${asked.options.B}»`, text: "Se prevalgono i rischi indicati dal Modello B." },
      ],
      conclusions: "Il primo passo è raccogliere i dati.",
    });
  }
  const { phase, ownOption, otherOption } = turnRole(asked);
  return `Nella fase di ${phase}, sostengo **«${ownOption}»**: regge alla prova dei fatti, mentre «${otherOption}» promette più di quanto mantiene. Quali prove porti per sostenere il contrario?`;
}

export function storyPorts({ wordsPerSecond = 40 }: { wordsPerSecond?: number } = {}): DebatePorts {
  let debates = 0;
  return {
    ...systemTime,
    async *model({ request, signal }) {
      for (const word of reply(request).split(/(?<= )/)) {
        await pause(1000 / wordsPerSecond, signal);
        yield word;
      }
    },
    resetProvider: async () => ({ status: "success", message: "Connessione reimpostata.", details: { actions: [] } }),
    startDebate: async () => ({ status: "started", debateId: String((debates += 1)) }),
  };
}
