import { LISTED_MODELS } from "@oystar/api-client";
import { expect, test } from "vitest";
import { ragModelChoices } from "./rag-models";

test("spec 001 §9: the RAG offers gpt-oss 120B and 20B, Llama 3.3 70B, Llama 3.1 8B, Mixtral 8x7B and Gemma 7B — all models the gateway lists", () => {
  const offered = ragModelChoices("openai/gpt-oss-120b").map((choice) => choice.id);
  expect(offered).toEqual([
    "openai/gpt-oss-120b",
    "openai/gpt-oss-20b",
    "llama-3.3-70b-versatile",
    "llama-3.1-8b-instant",
    "mixtral-8x7b-32768",
    "gemma-7b-it",
  ]);
  expect(offered.every((id) => (LISTED_MODELS as readonly string[]).includes(id))).toBe(true);
});

test("the admin's own model is always offered, first", () => {
  expect(ragModelChoices("qwen2.5-72b-instruct")[0]).toEqual({ id: "qwen2.5-72b-instruct", label: "qwen2.5-72b-instruct" });
  expect(ragModelChoices("gemma-7b-it")).toHaveLength(6);
});
