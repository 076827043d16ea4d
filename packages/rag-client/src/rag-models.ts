import { RAG_MODELS, type RagModel } from "@oystar/api-client";

// spec 001 §9, RAG defaults: the RAG's own model choices, whatever the provider (the list is
// api-client's RAG_MODELS, the one the server allows). (The openai/-only filter of spec 001 §5 is
// the global settings form's, for chat and debate: these four are Groq's models, the cloud
// provider's own.)

const LABELS: Record<RagModel, string> = {
  "openai/gpt-oss-120b": "GPT-OSS 120B",
  "openai/gpt-oss-20b": "GPT-OSS 20B",
  "llama-3.3-70b-versatile": "Llama 3.3 70B",
  "llama-3.1-8b-instant": "Llama 3.1 8B",
  "mixtral-8x7b-32768": "Mixtral 8x7B",
  "gemma-7b-it": "Gemma 7B",
};

export type RagModelChoice = { id: string; label: string };

/** The models the advanced panel offers: the RAG's choices, and always the admin's own. */
export function ragModelChoices(adminModel: string): RagModelChoice[] {
  const offered: RagModelChoice[] = RAG_MODELS.map((id) => ({ id, label: LABELS[id] }));
  return offered.some((model) => model.id === adminModel) ? offered : [{ id: adminModel, label: adminModel }, ...offered];
}
