import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test, vi } from "vitest";
import { AppHeader } from "./app-header";
import { Badge } from "./badge";
import { Card } from "./card";
import { EmptyState } from "./empty-state";
import { ErrorScreen } from "./error-screen";
import { Notice } from "./notice";
import { ProgressBar } from "./progress-bar";
import { LoadingScreen, Spinner } from "./spinner";

test("the spinner says 'Caricamento...' as a status", () => {
  render(<Spinner />);
  expect(screen.getByRole("status")).toHaveTextContent("Caricamento...");
});

test("the loading screen is a page that says 'Caricamento...'", () => {
  render(<LoadingScreen />);
  expect(screen.getByRole("main")).toHaveTextContent("Caricamento...");
});

test("errors and warnings are alerts, information is a polite status", () => {
  render(
    <>
      <Notice tone="error">Errore nel salvataggio delle impostazioni</Notice>
      <Notice tone="success">Impostazioni salvate!</Notice>
    </>,
  );
  expect(screen.getByRole("alert")).toHaveTextContent("Errore nel salvataggio delle impostazioni");
  expect(screen.getByRole("status")).toHaveTextContent("Impostazioni salvate!");
});

test("a dismissible notice has a 'Chiudi' button", async () => {
  const onDismiss = vi.fn();
  render(
    <Notice tone="warning" title="Attenzione" onDismiss={onDismiss}>
      Testo
    </Notice>,
  );
  await userEvent.click(screen.getByRole("button", { name: "Chiudi" }));
  expect(onDismiss).toHaveBeenCalledOnce();
});

test("a titled card is a region named by its title", () => {
  render(<Card title="Quota Esaurita!">Hai raggiunto il limite di domande del tuo piano.</Card>);
  expect(screen.getByRole("region", { name: "Quota Esaurita!" })).toBeInTheDocument();
  expect(screen.getByRole("heading", { level: 2, name: "Quota Esaurita!" })).toBeInTheDocument();
});

test("the badge shows its text with its tone", () => {
  render(<Badge tone="brand">Business</Badge>);
  expect(screen.getByText("Business")).toHaveClass("oy-badge", "oy-badge--brand");
});

test("the empty state uses the heading level it is given", () => {
  render(<EmptyState title="OYSTAR AI" description="Chiedi qualsiasi cosa." headingLevel={1} />);
  expect(screen.getByRole("heading", { level: 1, name: "OYSTAR AI" })).toBeInTheDocument();
  expect(screen.getByText("Chiedi qualsiasi cosa.")).toBeInTheDocument();
});

test("the app header is the page banner with its slots", () => {
  render(<AppHeader brand="OYSTAR" nav={<a href="/chat">OYSTAR AI</a>} user="free@oystar.test" actions={<button>Esci</button>} />);
  const banner = screen.getByRole("banner");
  expect(banner).toHaveTextContent("OYSTAR");
  expect(banner).toHaveTextContent("free@oystar.test");
  expect(screen.getByRole("link", { name: "OYSTAR AI" })).toBeInTheDocument();
});

test("the error screen defaults to the router failure with a reload button", () => {
  render(<ErrorScreen />);
  expect(screen.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Ricarica Pagina" })).toBeInTheDocument();
});

test("a progress bar is named by its label and reads its value in words", () => {
  render(<ProgressBar label="Dibattito nascosto: fase di sintesi" percent={150} valueText="18/20 turni completati" />);
  const bar = screen.getByRole("progressbar", { name: "Dibattito nascosto: fase di sintesi" });
  expect(bar).toHaveAttribute("aria-valuetext", "18/20 turni completati");
  expect(bar).toHaveAttribute("value", "100");
});

// spec 000 §8 (issue 14 §7): a lazily loaded part that failed twice offers a reload.
test("a chunk that did not load says so and offers to reload", async () => {
  const reload = vi.fn();
  vi.stubGlobal("location", { ...window.location, reload });
  render(<ErrorScreen error={Object.assign(new Error("Loading chunk failed"), { name: "ChunkLoadError" })} />);
  expect(screen.getByRole("heading", { level: 1, name: "Non è stato possibile caricare la pagina" })).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "Ricarica Pagina" }));
  expect(reload).toHaveBeenCalledOnce();
});

test("any other router failure is the spec's generic screen", () => {
  render(<ErrorScreen error={new Error("boom")} />);
  expect(screen.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeInTheDocument();
});
