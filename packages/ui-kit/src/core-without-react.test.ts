import { expect, test, vi } from "vitest";

// CONVENTIONS.md: the core entry must work where React is not installed.
vi.mock("react", () => {
  throw new Error("the core must not load react");
});
vi.mock("react-dom", () => {
  throw new Error("the core must not load react-dom");
});

test("the core entry loads without React", async () => {
  const core = await import("./index");
  expect(core.buttonClassName({ variant: "secondary", size: "sm" })).toBe("oy-button oy-button--secondary oy-button--sm");
  expect(core.uiMessages.loading).toBe("Caricamento...");
  expect(core.tokens.color.brand).toBe("#5b2bd6");
});
