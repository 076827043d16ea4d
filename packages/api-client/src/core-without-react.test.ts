import { expect, test, vi } from "vitest";

vi.mock("react", () => {
  throw new Error("the core must not load react");
});

test("the core entry loads without React", async () => {
  const core = await import("./index");
  expect(core.UNLIMITED).toBe(-1);
  expect(typeof core.createApiClient).toBe("function");
});
