import { beforeEach, expect, test } from "vitest";
import { themeBootScript } from "./theme-boot-script";
import { applyThemeChoice, readThemeChoice, THEME_STORAGE_KEY } from "./theme-choice";

const root = document.documentElement;
beforeEach(() => {
  localStorage.clear();
  root.removeAttribute("data-theme");
});

/** Runs the script as the page's <head> does: a classic script in the page's globals. */
function runInHead() {
  new Function(themeBootScript)();
  return root.getAttribute("data-theme");
}

/** What the app's own code would set for the same storage. */
function whatTheCoreSets() {
  const page = document.createElement("html");
  applyThemeChoice(page, readThemeChoice(localStorage));
  return page.getAttribute("data-theme");
}

test.each([null, "light", "dark", "auto", "viola"])("stored %s: the head sets what the switch sets", (stored) => {
  if (stored !== null) localStorage.setItem(THEME_STORAGE_KEY, stored);
  expect(runInHead()).toBe(whatTheCoreSets());
});

test("a stored 'dark' is on the root before any app code runs", () => {
  localStorage.setItem(THEME_STORAGE_KEY, "dark");
  expect(runInHead()).toBe("dark");
});

test("a storage that throws leaves the page to the system's theme, without an error", () => {
  const original = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
  Object.defineProperty(globalThis, "localStorage", {
    configurable: true,
    get() {
      throw new Error("SecurityError");
    },
  });
  try {
    expect(runInHead()).toBeNull();
  } finally {
    if (original) Object.defineProperty(globalThis, "localStorage", original);
  }
});

test("the script is one line with nothing a page's HTML could misread", () => {
  expect(themeBootScript).not.toMatch(/[<\n]/);
});
