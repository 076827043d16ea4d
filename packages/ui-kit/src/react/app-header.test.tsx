import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { createThemeSwitch } from "../theme-choice";
import { AppHeader } from "./app-header";
import { ThemeSwitch } from "./theme-switch";

// Issue 27 §3: on a phone the header's menu (shown by CSS below 720 px) is a disclosure. Its
// behaviour is the same at any width: what the CSS hides is tested in the stories and in e2e.

function Header({ onSignOut = () => {} }: { onSignOut?: () => void }) {
  return (
    <>
      <AppHeader
        brand="OYSTAR"
        indicator={<span role="status">Online</span>}
        nav={
          <nav aria-label="Moduli">
            <a href="#chat">OYSTAR AI</a>
          </nav>
        }
        status={<span aria-label="Piano Business">Business</span>}
        actions={<button onClick={onSignOut}>Esci</button>}
      />
      <main>
        <button>Fuori</button>
      </main>
    </>
  );
}

test("the menu button says whether the menu is open and which element it opens", async () => {
  const user = userEvent.setup();
  render(<Header />);
  const menu = screen.getByRole("button", { name: "Menu" });
  expect(menu).toHaveAttribute("aria-expanded", "false");
  const controlled = document.getElementById(menu.getAttribute("aria-controls") ?? "");
  expect(controlled).toContainElement(screen.getByRole("navigation", { name: "Moduli" }));
  expect(controlled).toContainElement(screen.getByRole("button", { name: "Esci" }));
  expect(controlled).not.toContainElement(screen.getByRole("status"));
  await user.click(menu);
  expect(menu).toHaveAttribute("aria-expanded", "true");
  expect(controlled).toHaveAttribute("data-open");
  await user.click(menu);
  expect(menu).toHaveAttribute("aria-expanded", "false");
});

test("Escape closes the menu and gives the focus back to its button", async () => {
  const user = userEvent.setup();
  render(<Header />);
  const menu = screen.getByRole("button", { name: "Menu" });
  await user.click(menu);
  await user.tab();
  expect(screen.getByRole("link", { name: "OYSTAR AI" })).toHaveFocus();
  await user.keyboard("{Escape}");
  expect(menu).toHaveAttribute("aria-expanded", "false");
  expect(menu).toHaveFocus();
});

test("choosing something in the menu closes it, and the choice still happens", async () => {
  const user = userEvent.setup();
  const signOut = vi.fn();
  render(<Header onSignOut={signOut} />);
  const menu = screen.getByRole("button", { name: "Menu" });
  await user.click(menu);
  await user.click(screen.getByRole("button", { name: "Esci" }));
  expect(signOut).toHaveBeenCalledOnce();
  expect(menu).toHaveAttribute("aria-expanded", "false");
  expect(menu).toHaveFocus();
});

test("pressing outside the header closes the menu", async () => {
  const user = userEvent.setup();
  render(<Header />);
  const menu = screen.getByRole("button", { name: "Menu" });
  await user.click(menu);
  await user.click(screen.getByRole("button", { name: "Fuori" }));
  expect(menu).toHaveAttribute("aria-expanded", "false");
});

// Issue 36 §7: the theme's 'Tema' opens its choices inside the menu; the menu stays while one is made.
test("the theme switch in the menu opens its choices without closing the menu", async () => {
  const user = userEvent.setup();
  const themeSwitch = createThemeSwitch({ storage: null, root: document.createElement("html") });
  render(<AppHeader brand="OYSTAR" actions={<ThemeSwitch themeSwitch={themeSwitch} />} />);
  const menu = screen.getByRole("button", { name: "Menu" });
  await user.click(menu);
  await user.click(screen.getByRole("button", { name: "Tema: Automatico" }));
  await user.click(screen.getByRole("radio", { name: "Scuro" }));
  expect(menu).toHaveAttribute("aria-expanded", "true");
  expect(screen.getByRole("button", { name: "Tema: Scuro" })).toHaveAttribute("aria-expanded", "true");
  // Escape closes the choices first, then the menu.
  await user.keyboard("{Escape}");
  expect(screen.getByRole("button", { name: "Tema: Scuro" })).toHaveAttribute("aria-expanded", "false");
  expect(menu).toHaveAttribute("aria-expanded", "true");
  await user.keyboard("{Escape}");
  expect(menu).toHaveAttribute("aria-expanded", "false");
});
