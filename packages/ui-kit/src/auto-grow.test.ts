import { expect, test } from "vitest";
import { autoGrowHeight, isSubmitKey } from "./auto-grow";

test("the textarea grows with its content up to 120 px, then scrolls", () => {
  expect(autoGrowHeight(44)).toEqual({ height: 44, scrolls: false });
  expect(autoGrowHeight(120)).toEqual({ height: 120, scrolls: false });
  expect(autoGrowHeight(300)).toEqual({ height: 120, scrolls: true });
  expect(autoGrowHeight(300, 200)).toEqual({ height: 200, scrolls: true });
});

test("Enter sends, Shift+Enter and IME composition do not", () => {
  expect(isSubmitKey({ key: "Enter", shiftKey: false })).toBe(true);
  expect(isSubmitKey({ key: "Enter", shiftKey: true })).toBe(false);
  expect(isSubmitKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
  expect(isSubmitKey({ key: "a", shiftKey: false })).toBe(false);
});
