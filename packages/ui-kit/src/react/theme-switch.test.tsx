import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test, vi } from "vitest";
import { createThemeSwitch, THEME_STORAGE_KEY } from "../theme-choice";
import { ThemeSwitch } from "./theme-switch";

// Issue 36 §7: 'Tema' in the header's menu — Automatico, Chiaro, Scuro.

const root = document.documentElement;
beforeEach(() => {
  localStorage.clear();
  root.removeAttribute("data-theme");
});

const pageSwitch = () => createThemeSwitch({ storage: localStorage, root });

test("the switch is named 'Tema' and offers Automatico, Chiaro and Scuro, Automatico at first", () => {
  render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  const select = screen.getByRole("combobox", { name: "Tema" });
  expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Automatico", "Chiaro", "Scuro"]);
  expect(select).toHaveDisplayValue("Automatico");
});

test("choosing 'Scuro' darkens the page at once and the choice outlives the page", async () => {
  const { unmount } = render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Tema" }), "Scuro");
  expect(root.dataset.theme).toBe("dark");
  unmount();
  // The next page: a new switch reads the same device.
  render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  expect(screen.getByRole("combobox", { name: "Tema" })).toHaveDisplayValue("Scuro");
});

test("back to 'Automatico' the system decides again", async () => {
  localStorage.setItem(THEME_STORAGE_KEY, "light");
  root.setAttribute("data-theme", "light");
  render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  const select = screen.getByRole("combobox", { name: "Tema" });
  expect(select).toHaveDisplayValue("Chiaro");
  await userEvent.selectOptions(select, "Automatico");
  expect(root.hasAttribute("data-theme")).toBe(false);
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
});

test("a choice made in another tab shows here too", () => {
  render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  act(() => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: THEME_STORAGE_KEY, newValue: "dark" }));
  });
  expect(screen.getByRole("combobox", { name: "Tema" })).toHaveDisplayValue("Scuro");
  expect(root.dataset.theme).toBe("dark");
});

test("without a switch of its own the component works the page's", async () => {
  render(<ThemeSwitch />);
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Tema" }), "Chiaro");
  expect(root.dataset.theme).toBe("light");
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
});

test("a prerendered switch hydrates without a mismatch, then shows the device's choice", async () => {
  const { renderToString } = await import("react-dom/server");
  const { hydrateRoot } = await import("react-dom/client");
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  // The server draws 'Automatico': it knows no device's choice.
  const server = createThemeSwitch({ storage: null, root: document.createElement("html") });
  const container = document.createElement("div");
  container.innerHTML = renderToString(<ThemeSwitch themeSwitch={server} />);
  document.body.append(container);
  localStorage.setItem(THEME_STORAGE_KEY, "dark");
  const browser = pageSwitch();
  await act(async () => {
    hydrateRoot(container, <ThemeSwitch themeSwitch={browser} />, { onRecoverableError: (error) => console.error(error) });
  });
  expect(screen.getByRole("combobox", { name: "Tema" })).toHaveDisplayValue("Scuro");
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  container.remove();
});
