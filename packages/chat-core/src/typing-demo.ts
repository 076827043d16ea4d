import { DEFAULT_MODEL } from "@oystar/api-client";

/** spec 001 §2: the typing demo's speeds, in characters per second. */
export const TYPING_SPEEDS = [15, 25, 40, 60] as const;
export type TypingSpeed = (typeof TYPING_SPEEDS)[number];
export const DEFAULT_TYPING_SPEED: TypingSpeed = 25;

/** spec 001 §2: estimated time = characters / speed, rounded up to whole seconds. */
export const estimatedTypingSeconds = (characters: number, speed: number) => Math.ceil(characters / speed);

/** spec 001 §2: the sample text is chosen by model name. */
const SAMPLES: Record<string, string> = {
  "openai/gpt-oss-120b":
    "Buongiorno! Sono il modello grande di OYSTAR. Posso aiutarti a scrivere un verbale, riassumere un documento o ragionare passo per passo su un problema complesso, senza che le tue parole lascino questa conversazione.",
  "openai/gpt-oss-20b":
    "Ciao! Sono il modello leggero di OYSTAR: rispondo in fretta alle domande di tutti i giorni, correggo un testo o ti propongo tre idee per il titolo di una presentazione.",
};

/** Issue 52 §5: the offline model writes no model's words: its sample says what it is. */
const OFFLINE_SAMPLE =
  "Sono il modello dimostrativo offline di OYSTAR: non è collegato nessun modello linguistico, quindi questa è solo una frase di prova per vedere la velocità di scrittura.";

export function typingSample(model: string, { offline = false }: { offline?: boolean } = {}): string {
  if (offline) return OFFLINE_SAMPLE;
  return SAMPLES[model] ?? SAMPLES[DEFAULT_MODEL] ?? "";
}
