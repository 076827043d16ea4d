import type { LISTED_MODELS } from "@oystar/api-client";

// spec 001 §9, RAG defaults: "LLM model openai/gpt-oss-120b … Model choices also llama 3.3 70B,
// llama 3.1 8B, mixtral 8x7b, gemma 7b" — the RAG's own choices, whatever the provider. (The
// openai/-only filter of spec 001 §5 is the global settings form's, for chat and debate: these
// four are Groq's models, the cloud provider's own.) Every id is one the gateway lists.

type ListedModel = (typeof LISTED_MODELS)[number];

const RAG_MODELS = [
  { id: "openai/gpt-oss-120b", label: "GPT-OSS 120B" },
  { id: "openai/gpt-oss-20b", label: "GPT-OSS 20B" },
  { id: "llama-3.3-70b-versatile", label: "Llama 3.3 70B" },
  { id: "llama-3.1-8b-instant", label: "Llama 3.1 8B" },
  { id: "mixtral-8x7b-32768", label: "Mixtral 8x7B" },
  { id: "gemma-7b-it", label: "Gemma 7B" },
] as const satisfies ReadonlyArray<{ id: ListedModel; label: string }>;

export type RagModelChoice = { id: string; label: string };

/** The models the advanced panel offers: the RAG's choices, and always the admin's own. */
export function ragModelChoices(adminModel: string): RagModelChoice[] {
  const offered: RagModelChoice[] = [...RAG_MODELS];
  return offered.some((model) => model.id === adminModel) ? offered : [{ id: adminModel, label: adminModel }, ...offered];
}
