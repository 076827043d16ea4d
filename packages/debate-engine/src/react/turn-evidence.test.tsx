import type { CitedPassage } from "@oystar/api-client";
import { createReadAloud } from "@oystar/conversation";
import { SourceViewerProvider } from "@oystar/conversation/react";
import { scriptedSourceViewer, textPassage } from "@oystar/conversation/testing";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { unsafeMarkup, xssPayloads } from "@oystar/vitest-config/hostile-text";
import { expect, test } from "vitest";
import { createDebateSession } from "../debate-session";
import type { DebateSpeech } from "../debate-state";
import { FAKE_PASSAGES, fakeWorld, fromDocuments } from "../testing/fake-world";
import { DebateBubble } from "./debate-bubble";
import { DebateScreen } from "./debate-screen";

// issue 26 §2, the screen: 'Basati sui documenti' in the controls (only with the user's indexes),
// bubbles that list their quotes with [n] and the server's verdict, unverified quotes marked, and
// every [n] opening its passage where the app's source viewer is.

const INDEXES = [
  { name: "gardenroute-demo", label: "Garden Route (demo)" },
  { name: "archivio-verde", label: "Archivio Verde" },
];

/** The fake world's passages where they stand in their documents, as the server's viewer gives them. */
const STANDING = [
  textPassage("101", "Il bosso delle siepi va potato a fine primavera.", { id: "1", title: "Giardini storici", filename: "giardini.md" }),
  textPassage("102", "Le piante antiche fioriscono una volta l'anno.", { id: "2", title: "Restauro", filename: "restauro.md" }),
];

function renderScreen(indexes?: typeof INDEXES) {
  const world = fakeWorld({ script: fromDocuments });
  const session = createDebateSession(world.ports, { length: 6 });
  // The floor's source viewer, as the debate page gives it (issue 38 §1).
  const server = scriptedSourceViewer(STANDING);
  render(
    <SourceViewerProvider {...server.provider}>
      <DebateScreen session={session} sendFeedback={async () => {}} saveFile={() => {}} indexes={indexes} />
    </SourceViewerProvider>,
  );
  return { world, session, server, user: userEvent.setup(), settle: () => act(() => world.settle()) };
}

async function startDebate(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("textbox", { name: "Tesi A (a favore)" }), "Il bosso va potato");
  await user.type(screen.getByRole("textbox", { name: "Tesi B (contro)" }), "Il bosso cresce da solo");
  await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
}

test("Business and Enterprise: 'Basati sui documenti' with one of the user's indexes; the debate's turns name it, and it stays put once on screen", async () => {
  const { user, world, settle } = renderScreen(INDEXES);
  await user.click(screen.getByRole("button", { name: "Impostazioni" }));
  const documents = screen.getByRole("switch", { name: "Basati sui documenti" });
  expect(documents).toHaveAttribute("aria-checked", "false");
  expect(screen.queryByRole("combobox", { name: "Indice dei documenti" })).toBeNull();
  await user.click(documents);
  expect(screen.getByRole("combobox", { name: "Indice dei documenti" })).toHaveValue("gardenroute-demo");
  await user.selectOptions(screen.getByRole("combobox", { name: "Indice dei documenti" }), "archivio-verde");
  expect(screen.getByRole("region", { name: "Impostazioni del dibattito" })).toHaveTextContent("Documenti: archivio-verde");
  await startDebate(user);
  await settle();
  expect(world.asked()[0]).toMatchObject({ kind: "turn", documents: { index: "archivio-verde" } });
  expect(screen.getByRole("switch", { name: "Basati sui documenti" })).toBeDisabled();
  expect(screen.getByRole("combobox", { name: "Indice dei documenti" })).toBeDisabled();
});

test("other plans get no documents option (the page gives no indexes), and their turns name none", async () => {
  const { user, world, settle } = renderScreen();
  await user.click(screen.getByRole("button", { name: "Impostazioni" }));
  expect(screen.queryByRole("switch", { name: "Basati sui documenti" })).toBeNull();
  await startDebate(user);
  await settle();
  expect(world.asked()[0]).toMatchObject({ kind: "turn" });
  expect(world.asked()[0]).not.toHaveProperty("documents");
});

test("a bubble lists its quotes with [n] and the server's verdict, marks the one not found, and each [n] — in the words or the list — opens its passage", async () => {
  const { user, settle, server } = renderScreen(INDEXES);
  await user.click(screen.getByRole("button", { name: "Impostazioni" }));
  await user.click(screen.getByRole("switch", { name: "Basati sui documenti" }));
  await startDebate(user);
  await settle();
  const bubble = screen.getAllByRole("listitem").find((item) => item.classList.contains("debate-turn"));
  if (!bubble) throw new Error("no bubble");
  const quotes = within(within(bubble).getByRole("region", { name: "Citazioni dai documenti" }))
    .getAllByRole("listitem")
    .filter((item) => item.dataset.status);
  expect(quotes.map((quote) => quote.textContent)).toEqual([
    "il bosso delle siepi va potato [1] Verificata",
    "le rose fioriscono due volte [2] Non verificata: non si trova nel passaggio citato",
  ]);
  expect(quotes.map((quote) => quote.dataset.status)).toEqual(["verified", "notFound"]);

  // The [2] of the list, then the [1] of the words: each opens its passage in the viewer, in its
  // document, and Escape gives the focus back to it.
  const two = within(quotes[1]!).getByRole("button", { name: "Apri il passaggio [2]: Restauro" });
  await user.click(two);
  const restoration = await screen.findByRole("dialog", { name: "Restauro" });
  expect(await within(restoration).findByText("Le piante antiche fioriscono una volta l'anno.", { selector: "mark" })).toBeVisible();
  expect(within(restoration).getByText("Fonte 2")).toBeVisible();
  expect(within(restoration).getByRole("navigation", { name: "Passaggi citati di questo documento" })).toHaveTextContent(
    "Passaggio 1 di 1",
  );
  await user.keyboard("{Escape}");
  expect(two).toHaveFocus();
  const [citation] = await within(bubble).findAllByRole("link", { name: "Fonte 1" });
  await user.click(citation!);
  const gardens = await screen.findByRole("dialog", { name: "Giardini storici" });
  expect(await within(gardens).findByText("Il bosso delle siepi va potato a fine primavera.", { selector: "mark" })).toBeVisible();
  expect(server.calls).toEqual(["passage 102", "passage 101"]);
  expect(FAKE_PASSAGES.map((passage) => passage.chunkId)).toEqual(["101", "102"]);
});

// Issue 25's hostile documents, as evidence: titles, excerpts and quoted words are text only.
const payloads = xssPayloads.map((payload) => payload.replace(/\n/g, " "));

test("hostile passages and quotes rendered as evidence stay inert: shown as text, no element, handler or address of theirs", () => {
  const passages: CitedPassage[] = payloads.map((payload, index) => ({
    noteNumber: index + 1,
    chunkId: String(200 + index),
    document: `gardenroute-demo/${payload}.md`,
    title: payload,
    filename: `${payload}.md`,
    url: null,
    page: index,
    place: null,
    excerpt: payload,
    support: null,
  }));
  const speech: DebateSpeech = {
    id: "ostile",
    speaker: "A",
    model: "oystar-offline",
    phase: "opposizione",
    turn: 0,
    content: "Come dicono i documenti [1], [2].",
    evidence: {
      index: "documenti-ostili",
      passages,
      quotes: payloads
        .slice(0, 12)
        .map((payload, index) => ({ n: index + 1, text: payload, status: index % 2 === 0 ? "verified" : "unsupported" })),
      seal: null,
    },
  };
  const { container } = render(
    <SourceViewerProvider {...scriptedSourceViewer([]).provider}>
      <ol>
        <DebateBubble speech={speech} readAloud={createReadAloud(undefined, undefined)} onNotice={() => {}} />
      </ol>
    </SourceViewerProvider>,
  );
  const evidence = screen.getByRole("region", { name: "Citazioni dai documenti" });
  for (const payload of payloads) expect(evidence.textContent).toContain(payload);
  // The [n] openers are the bubble's own buttons, and its phase icon its own svg: nothing else.
  expect(unsafeMarkup(evidence, { allowed: ["button"] })).toEqual([]);
  expect(evidence.querySelectorAll("button")).toHaveLength(payloads.length + 12);
  expect(unsafeMarkup(container, { allowed: ["button", "svg", "path"] })).toEqual([]);
});
