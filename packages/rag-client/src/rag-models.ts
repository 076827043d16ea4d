import type { Settings } from "@oystar/api-client";

// spec 001 §9: the RAG's model choices; spec 001 §5: for the cloud provider only the openai/ ones.

const RAG_MODELS = [
  { id: "openai/gpt-oss-120b", label: "GPT-OSS 120B" },
  { id: "openai/gpt-oss-20b", label: "GPT-OSS 20B" },
  { id: "llama-3.3-70b-versatile", label: "Llama 3.3 70B" },
  { id: "llama-3.1-8b-instant", label: "Llama 3.1 8B" },
  { id: "mixtral-8x7b-32768", label: "Mixtral 8x7B" },
  { id: "gemma-7b-it", label: "Gemma 7B" },
] as const;

export type RagModelChoice = { id: string; label: string };

/** The models the advanced panel offers: the provider's, and always the admin's own choice. */
export function ragModelChoices(provider: Settings["rag_provider"], adminModel: string): RagModelChoice[] {
  const offered: RagModelChoice[] = RAG_MODELS.filter((model) => provider !== "cloud" || model.id.startsWith("openai/"));
  return offered.some((model) => model.id === adminModel) ? offered : [{ id: adminModel, label: adminModel }, ...offered];
}
