import { beforeEach, expect, test } from "vitest";
import { applyThemeChoice, createThemeSwitch, readThemeChoice, THEME_STORAGE_KEY } from "./theme-choice";

const root = document.documentElement;
beforeEach(() => {
  localStorage.clear();
  root.removeAttribute("data-theme");
});

/** A storage that refuses everything, as a browser with storage blocked does. */
const refusingStorage = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => {
    throw new Error("SecurityError");
  },
};

test("with nothing stored the theme follows the system", () => {
  expect(readThemeChoice(localStorage)).toBe("auto");
});

test("a stored theme is read back; anything else stored counts as 'Automatico'", () => {
  localStorage.setItem(THEME_STORAGE_KEY, "dark");
  expect(readThemeChoice(localStorage)).toBe("dark");
  localStorage.setItem(THEME_STORAGE_KEY, "viola");
  expect(readThemeChoice(localStorage)).toBe("auto");
  expect(readThemeChoice(refusingStorage)).toBe("auto");
  expect(readThemeChoice(null)).toBe("auto");
});

test("a chosen theme is set on the root; 'Automatico' leaves the root to the system", () => {
  applyThemeChoice(root, "dark");
  expect(root.dataset.theme).toBe("dark");
  applyThemeChoice(root, "auto");
  expect(root.hasAttribute("data-theme")).toBe(false);
});

test("choosing shows the theme at once and keeps it on the device; 'Automatico' forgets it", () => {
  const themeSwitch = createThemeSwitch({ storage: localStorage, root });
  expect(themeSwitch.store.getState().choice).toBe("auto");
  themeSwitch.choose("dark");
  expect(root.dataset.theme).toBe("dark");
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
  expect(themeSwitch.store.getState().choice).toBe("dark");
  themeSwitch.choose("auto");
  expect(root.hasAttribute("data-theme")).toBe(false);
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
});

test("a switch starts from the stored choice, its initial state stays the prerendered 'auto'", () => {
  localStorage.setItem(THEME_STORAGE_KEY, "light");
  const themeSwitch = createThemeSwitch({ storage: localStorage, root });
  expect(themeSwitch.store.getState().choice).toBe("light");
  expect(themeSwitch.store.getInitialState().choice).toBe("auto");
});

test("a storage that refuses still lets the user switch for this page", () => {
  const themeSwitch = createThemeSwitch({ storage: refusingStorage, root });
  themeSwitch.choose("dark");
  expect(root.dataset.theme).toBe("dark");
  expect(themeSwitch.store.getState().choice).toBe("dark");
});

test("a choice made in another tab is followed", () => {
  const themeSwitch = createThemeSwitch({ storage: localStorage, root });
  localStorage.setItem(THEME_STORAGE_KEY, "dark");
  themeSwitch.followStorage();
  expect(root.dataset.theme).toBe("dark");
  expect(themeSwitch.store.getState().choice).toBe("dark");
});
