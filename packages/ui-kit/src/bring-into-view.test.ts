import { afterEach, expect, test, vi } from "vitest";
import { bringIntoView } from "./bring-into-view";

const element = () => ({ scrollIntoView: vi.fn() }) as unknown as Element & { scrollIntoView: ReturnType<typeof vi.fn> };
const prefersLessMotion = (reduce: boolean) =>
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduce && query === "(prefers-reduced-motion: reduce)" }));

afterEach(() => vi.unstubAllGlobals());

test("scrolls gently by default", () => {
  prefersLessMotion(false);
  const target = element();
  bringIntoView(target);
  expect(target.scrollIntoView).toHaveBeenCalledWith({ block: "start", behavior: "smooth" });
});

test("at once for a user who asked for less motion", () => {
  prefersLessMotion(true);
  const target = element();
  bringIntoView(target, "nearest");
  expect(target.scrollIntoView).toHaveBeenCalledWith({ block: "nearest", behavior: "auto" });
});

test("nothing to scroll is not an error", () => {
  expect(() => bringIntoView(null)).not.toThrow();
});
