import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, expect, test, vi } from "vitest";
import { createThemeSwitch, THEME_STORAGE_KEY } from "../theme-choice";
import { ThemeSwitch } from "./theme-switch";

// Issue 36 §7: 'Tema: Automatico' in the header's menu, and its choices Automatico, Chiaro, Scuro.

const root = document.documentElement;
beforeEach(() => {
  localStorage.clear();
  root.removeAttribute("data-theme");
});

const pageSwitch = () => createThemeSwitch({ storage: localStorage, root });

test("'Tema: Automatico' opens the three choices, Automatico chosen", async () => {
  render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  const button = screen.getByRole("button", { name: "Tema: Automatico" });
  expect(button).toHaveAttribute("aria-expanded", "false");
  expect(screen.queryByRole("radio")).toBeNull();
  await userEvent.click(button);
  expect(button).toHaveAttribute("aria-expanded", "true");
  const choices = screen.getByRole("group", { name: "Tema" });
  expect(button).toHaveAttribute("aria-controls", choices.id);
  expect(screen.getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual(["auto", "light", "dark"]);
  expect(screen.getByRole("radio", { name: "Automatico" })).toBeChecked();
});

test("choosing 'Scuro' darkens the page at once and the choice outlives the page", async () => {
  const { unmount } = render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  await userEvent.click(screen.getByRole("button", { name: "Tema: Automatico" }));
  await userEvent.click(screen.getByRole("radio", { name: "Scuro" }));
  expect(root.dataset.theme).toBe("dark");
  expect(screen.getByRole("button", { name: "Tema: Scuro" })).toBeInTheDocument();
  unmount();
  // The next page: a new switch reads the same device.
  render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  expect(screen.getByRole("button", { name: "Tema: Scuro" })).toBeInTheDocument();
});

test("the arrow keys move between the choices, each shown as it is reached", async () => {
  const user = userEvent.setup();
  render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  await user.click(screen.getByRole("button", { name: "Tema: Automatico" }));
  await user.tab();
  expect(screen.getByRole("radio", { name: "Automatico" })).toHaveFocus();
  await user.keyboard("{ArrowDown}");
  expect(screen.getByRole("radio", { name: "Chiaro" })).toBeChecked();
  expect(root.dataset.theme).toBe("light");
  await user.keyboard("{ArrowDown}");
  expect(root.dataset.theme).toBe("dark");
});

test("Escape closes the choices and gives the focus back to 'Tema'; so does a press outside", async () => {
  const user = userEvent.setup();
  render(
    <>
      <ThemeSwitch themeSwitch={pageSwitch()} />
      <button>Fuori</button>
    </>,
  );
  const button = screen.getByRole("button", { name: "Tema: Automatico" });
  await user.click(button);
  await user.tab();
  await user.keyboard("{Escape}");
  expect(button).toHaveAttribute("aria-expanded", "false");
  expect(button).toHaveFocus();
  await user.click(button);
  await user.click(screen.getByRole("button", { name: "Fuori" }));
  expect(button).toHaveAttribute("aria-expanded", "false");
});

test("back to 'Automatico' the system decides again", async () => {
  localStorage.setItem(THEME_STORAGE_KEY, "light");
  root.setAttribute("data-theme", "light");
  render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  await userEvent.click(screen.getByRole("button", { name: "Tema: Chiaro" }));
  await userEvent.click(screen.getByRole("radio", { name: "Automatico" }));
  expect(root.hasAttribute("data-theme")).toBe(false);
  expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
});

test("a choice made in another tab shows here too", () => {
  render(<ThemeSwitch themeSwitch={pageSwitch()} />);
  act(() => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: THEME_STORAGE_KEY, newValue: "dark" }));
  });
  expect(screen.getByRole("button", { name: "Tema: Scuro" })).toBeInTheDocument();
  expect(root.dataset.theme).toBe("dark");
});

test("without a switch of its own the component works the page's", async () => {
  render(<ThemeSwitch />);
  await userEvent.click(screen.getByRole("button", { name: /^Tema: / }));
  await userEvent.click(screen.getByRole("radio", { name: "Chiaro" }));
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
  expect(screen.getByRole("button", { name: "Tema: Scuro" })).toBeInTheDocument();
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
  container.remove();
});
