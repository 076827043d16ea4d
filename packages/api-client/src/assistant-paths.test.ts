import { expect, test } from "vitest";
import { isAssistantPath } from "./assistant-paths";

test("the assistant's pages and what is below them, with or without a query", () => {
  expect(isAssistantPath("/chat")).toBe(true);
  expect(isAssistantPath("/debate?topic=x")).toBe(true);
  expect(isAssistantPath("/rag/indici#fonti")).toBe(true);
  expect(isAssistantPath("/chatbot")).toBe(false);
  expect(isAssistantPath("/subscription?plan=business")).toBe(false);
  expect(isAssistantPath("/")).toBe(false);
});
