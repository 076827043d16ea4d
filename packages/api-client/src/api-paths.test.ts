import { expect, test } from "vitest";
import { API_PATHS, apiPath } from "./index";

test("a route's parameters are filled in, each encoded as one segment", () => {
  expect(apiPath(API_PATHS.ragPassage, { chunkId: 42 })).toBe("/api/rag/passages/42");
  expect(apiPath(API_PATHS.ragOriginal, { documentId: "a/b?c" })).toBe("/api/rag/documents/a%2Fb%3Fc/original");
  expect(apiPath(API_PATHS.indexRequestIndexing, { id: "7" })).toBe("/api/admin/index-requests/7/index");
});

test("every address is the server's API, under /api or the gateway's /groq", () => {
  for (const path of Object.values(API_PATHS)) expect(path).toMatch(/^\/(api|groq)\/[a-z0-9/:.-]+$/i);
});
