import { DEFAULT_RAG_SYSTEM_PROMPT, type ModelProvider } from "@oystar/api-client";

/** spec 001 §3: what a local model server (Ollama-style) also takes; a cloud endpoint never gets them. */
export type LocalModelOptions = { num_predict: number; num_ctx: number; num_thread: number; num_gpu: number };

/** spec 001 §3: the prompt template entity. */
export type PromptTemplate = {
  name: string;
  description: string;
  /** The system prompt. */
  prompt: string;
  temperature: number;
  top_p: number;
  max_tokens: number;
  /** Only for the local provider. */
  local: LocalModelOptions;
};

export const CHAT_SYSTEM_PROMPT =
  "Sei OYSTAR, un assistente privato. Rispondi nella lingua della domanda, ammetti quando non sai qualcosa e, se ti chiedono chi ti ha creato, cita il team di OYSTAR.";

/**
 * The module prompts as data (spec 001 §1, §9: presets chat 0.3/0.7, RAG 0.3/0.8 with 3000 tokens).
 * The debate's three phases live with the debate engine. Local extras: as many tokens to predict
 * as the cloud cap, a context window that holds the module's context budget, a few CPU threads.
 */
export const PROMPT_TEMPLATES = {
  chat: {
    name: "chat",
    description: "La chat: risponde nella lingua della domanda e ammette quando non sa.",
    prompt: CHAT_SYSTEM_PROMPT,
    temperature: 0.3,
    top_p: 0.7,
    max_tokens: 2000,
    local: { num_predict: 2000, num_ctx: 8192, num_thread: 4, num_gpu: 1 },
  },
  rag: {
    name: "rag",
    description: "Il RAG: risponde in italiano dai documenti forniti e dice quando l'informazione manca.",
    prompt: DEFAULT_RAG_SYSTEM_PROMPT,
    temperature: 0.3,
    top_p: 0.8,
    max_tokens: 3000,
    local: { num_predict: 3000, num_ctx: 16384, num_thread: 4, num_gpu: 1 },
  },
} as const satisfies Record<string, PromptTemplate>;

export type SamplingFields = Pick<PromptTemplate, "temperature" | "top_p" | "max_tokens"> & Partial<LocalModelOptions>;

/** The request fields a template sets: the local extras go to a local provider only (spec 001 §3). */
export function templateSampling(template: PromptTemplate, provider: ModelProvider): SamplingFields {
  const { temperature, top_p, max_tokens } = template;
  return provider === "local" ? { temperature, top_p, max_tokens, ...template.local } : { temperature, top_p, max_tokens };
}
