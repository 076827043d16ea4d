import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { serverAnswers, settingsServer, visit } from "./test-support/render-assistant";

// Issue 36 §8: 'Il mio account', reached from the user's name in the header: 'I miei dati'
// downloads the server's JSON; 'Elimina account' asks first, says what goes, then signs out.

beforeEach(() => serverAnswers({ healthy: true }));
afterEach(() => vi.restoreAllMocks());

test("the user's name in the header opens 'Il mio account'", async () => {
  const user = userEvent.setup();
  visit("/chat");
  const banner = await screen.findByRole("banner");
  await user.click(await within(banner).findByRole("link", { name: "Il mio account: pro@oystar.test" }));
  expect(await screen.findByRole("heading", { level: 1, name: "Il mio account" })).toBeInTheDocument();
  expect(await screen.findByText("pro@oystar.test", { selector: "strong" })).toBeInTheDocument();
  expect(screen.getByText(/Piano Business/)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Che cosa conserva OYSTAR" })).toHaveAttribute("href", "/privacy");
});

test("'I miei dati' saves the server's JSON under the server's file name", async () => {
  const files: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((file) => {
    files.push(file as Blob);
    return "blob:i-miei-dati";
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  const user = userEvent.setup();
  visit("/account");
  await user.click(await screen.findByRole("button", { name: "I miei dati" }));
  expect(await screen.findByText("File scaricato.")).toBeInTheDocument();
  expect(names).toEqual(["oystar-i-miei-dati-2026-11-29.json"]);
  expect(JSON.parse(await files[0]!.text())).toMatchObject({ account: { email: "pro@oystar.test" }, forms: [{ kind: "contact" }] });
});

test("'Elimina account' asks first and says what goes; cancelling deletes nothing", async () => {
  const logout = vi.fn(async () => {});
  const user = userEvent.setup();
  visit("/account", { logout });
  await user.click(await screen.findByRole("button", { name: "Elimina account" }));
  const dialog = await screen.findByRole("dialog", { name: "Eliminare l'account?" });
  for (const goes of [
    "l'abbonamento, annullato presso il fornitore dei pagamenti;",
    "i dibattiti e i tuoi voti (la classifica dei modelli conserva solo conteggi anonimi);",
    "i tuoi indici, con i loro documenti;",
  ]) {
    expect(within(dialog).getByText(goes)).toBeInTheDocument();
  }
  await user.click(within(dialog).getByRole("button", { name: "Annulla" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(settingsServer.deletions).toEqual([]);
  expect(logout).not.toHaveBeenCalled();
});

test("confirmed, the account is deleted with the confirmation phrase, then the user is signed out", async () => {
  const logout = vi.fn(async () => {});
  const user = userEvent.setup();
  visit("/account", { logout });
  await user.click(await screen.findByRole("button", { name: "Elimina account" }));
  await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Elimina definitivamente" }));
  await waitFor(() => expect(logout).toHaveBeenCalledOnce());
  expect(settingsServer.deletions).toEqual([{ confirmation: "ELIMINA IL MIO ACCOUNT" }]);
});

test("a refusal is shown in the dialog, in the server's words, and the user stays signed in", async () => {
  settingsServer.deletionAnswer = {
    status: 502,
    body: {
      error:
        "Non è stato possibile annullare l'abbonamento presso il servizio di pagamento: l'account non è stato eliminato. Riprova tra poco.",
    },
  };
  const logout = vi.fn(async () => {});
  const user = userEvent.setup();
  visit("/account", { logout });
  await user.click(await screen.findByRole("button", { name: "Elimina account" }));
  const dialog = await screen.findByRole("dialog");
  await user.click(within(dialog).getByRole("button", { name: "Elimina definitivamente" }));
  expect(await within(dialog).findByText(/l'account non è stato eliminato/)).toBeInTheDocument();
  expect(logout).not.toHaveBeenCalled();
});
