// spec 001 §9: the models the product lists, and the two that chat and debate may select.
export const LISTED_MODELS = [
  "llama-3.1-8b-instant",
  "llama-3.3-70b-versatile",
  "mixtral-8x7b-32768",
  "gemma-7b-it",
  "openai/gpt-oss-120b",
  "openai/gpt-oss-20b",
  "meta-llama/llama-guard-4-12b",
] as const;

export const SELECTABLE_CHAT_MODELS = ["openai/gpt-oss-120b", "openai/gpt-oss-20b"] as const;
export type ChatModel = (typeof SELECTABLE_CHAT_MODELS)[number];

export const DEFAULT_MODEL: ChatModel = "openai/gpt-oss-120b";
export const DEFAULT_PROVIDER = "cloud" as const;
