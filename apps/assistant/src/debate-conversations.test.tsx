import "fake-indexeddb/auto";
import { defaultSettings, type DebateCall } from "@oystar/api-client";
import { formatJudgeRun, JUDGE_CRITERIA, type JudgedSide } from "@oystar/debate-engine";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, expect, test, vi } from "vitest";
import { serverAnswers, settingsServer, visit } from "./test-support/render-assistant";

// Issue 35 §1: a debate is kept on this device as it is played — its turns, the judge's scorecard
// and the user's vote — and opens again on the debate's screen, from any module's 'Conversazioni':
// a finished one whole, one stopped mid-way from its next turn, in the same debate.

/** The debate's id, as the server gives it. */
const DEBATE_ID = "9b2f3c1e-6a4d-4e8b-9f10-2c3d4e5f6a7b";

/** The calls of debates the page made (the model's turns and the judge's runs), in order. */
let calls: DebateCall[] = [];

const sse = (text: string) =>
  new Response(`data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\ndata: [DONE]\n\n`, {
    headers: { "Content-Type": "text/event-stream" },
  });

const judgedSide = (said: string): JudgedSide => ({
  criteria: Object.fromEntries(
    JUDGE_CRITERIA.map((criterion) => [criterion, { score: 7, motivation: `Ben argomentato (${criterion}).` }]),
  ) as JudgedSide["criteria"],
  strongest: said,
  weakest: null,
});

/** The server's debate routes beside the rest of the API the layout reads. */
function debateServer() {
  const api = vi.mocked(fetch).getMockImplementation();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith("/api/ollama/reset"))
        return Response.json({ status: "success", message: "Connessione reimpostata.", details: { actions: [] } });
      if (url.endsWith("/api/debates/increment")) return Response.json({ debate_id: DEBATE_ID, debates_used: 2, debates_limit: -1 });
      if (url.endsWith("/api/debates/vote")) return Response.json({ ok: true }, { status: 201 });
      if (url.endsWith("/api/forms/debate-feedback")) return Response.json({ ok: true, id: "feedback-1" });
      if (url.endsWith("/api/debates/calls")) {
        const call = JSON.parse(String(init?.body)) as DebateCall;
        calls.push(call);
        if (call.kind !== "turn")
          return sse(formatJudgeRun({ offlineNote: null, sides: { 1: judgedSide("ferrovia"), 2: judgedSide("cielo") }, verdict: "tie" }));
        const speaker = call.turn % 2 === 0 ? "A" : "B";
        return sse(`Turno ${call.turn} del lato ${speaker}: ${speaker === "A" ? "la ferrovia" : "il cielo"} vince.`);
      }
      return api!(input, init);
    }),
  );
}

beforeEach(() => {
  vi.stubGlobal("indexedDB", new IDBFactory());
  localStorage.clear();
  serverAnswers({ healthy: true, plan: "business" });
  // Six turns, played on 'Prossimo'.
  settingsServer.stored = { ...defaultSettings, debate_length: 6, debate_auto_mode: false };
  calls = [];
  debateServer();
});

const user = () => userEvent.setup();
const transcript = () => screen.getByRole("region", { name: "Interventi del dibattito" });

async function startDebate(turns: number, [a, b] = ["Il treno", "L'aereo"]) {
  await user().type(await screen.findByRole("textbox", { name: "Tesi A (a favore)" }), a);
  await user().type(screen.getByRole("textbox", { name: "Tesi B (contro)" }), b);
  await user().click(screen.getByRole("button", { name: "Avvia Dibattito" }));
  await within(await screen.findByRole("region", { name: "Interventi del dibattito" })).findByText(/Turno 0 del lato A/);
  for (let turn = 1; turn < turns; turn += 1) {
    await user().click(await screen.findByRole("button", { name: `Prossimo (${turn % 2 === 0 ? "A" : "B"})` }));
    await within(transcript()).findByText(new RegExp(`Turno ${turn} del lato`));
  }
}

async function openConversations() {
  await user().click(await screen.findByRole("button", { name: "Conversazioni" }));
  return screen.findByRole("dialog", { name: "Conversazioni" });
}

test("a finished debate is kept with its scorecard and vote, and opens whole after a reload, found by its words", async () => {
  visit("/debate");
  await startDebate(6);
  const scorecard = await screen.findByRole("region", { name: "Valutazione del giudice" });
  await within(scorecard).findByText(/Verdetto/);
  await user().click(screen.getByRole("radio", { name: "Buono" }));
  await user().click(within(screen.getByRole("group", { name: "Chi ti ha convinto di più?" })).getByRole("radio", { name: "Lato B" }));
  await user().click(screen.getByRole("button", { name: "Invia feedback" }));
  expect(await screen.findByText("Il tuo voto: Lato B")).toBeVisible();
  const played = calls.length;
  cleanup();

  // The page again: a fresh start screen, and the debate in 'Conversazioni' under its topic.
  visit("/debate");
  expect(await screen.findByRole("button", { name: "Avvia Dibattito" })).toBeVisible();
  const panel = await openConversations();
  await user().type(within(panel).getByRole("searchbox", { name: "Cerca nelle conversazioni" }), "cielo vince");
  const kept = await within(panel).findByRole("button", { name: "Apri «Il treno contro l'aereo»" });
  expect(kept.closest("li")?.textContent).toMatch(/Dibattito · /);
  expect(within(kept.closest("li")!).getByRole("button", { name: "Esporta (PDF)" })).toBeVisible();

  // Its Markdown: the turns under their speakers and phases, the scorecard, the vote.
  const files: Blob[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((file) => {
    files.push(file as Blob);
    return "blob:debate";
  });
  await user().click(within(kept.closest("li")!).getByRole("button", { name: "Esporta (Markdown)" }));
  await waitFor(() => expect(files).toHaveLength(1));
  const markdown = await files[0]!.text();
  expect(markdown).toMatch(/^# Il treno contro l'aereo\n/);
  expect(markdown).toContain("### Turno 6 · Modello B · Sintesi\n\nTurno 5 del lato B: il cielo vince.");
  expect(markdown).toContain("## Valutazione del giudice");
  expect(markdown).toContain("## Chi ti ha convinto di più?\n\nIl tuo voto: Lato B");
  await user().click(kept);

  expect(screen.queryByRole("dialog", { name: "Conversazioni" })).toBeNull();
  await waitFor(() => expect(within(transcript()).getAllByText(/^Turno \d del lato/)).toHaveLength(6));
  expect(screen.getByRole("region", { name: "Valutazione del giudice" }).textContent).toMatch(/Verdetto:\s*Parità/);
  expect(screen.getByText("Grazie per il tuo feedback!")).toBeVisible();
  expect(screen.getByText("Il tuo voto: Lato B")).toBeVisible();
  expect(screen.getByRole("region", { name: "Impostazioni del dibattito" })).toHaveTextContent("6 turni · Manuale");
  // Opening it asked nothing of the model.
  expect(calls).toHaveLength(played);
});

test("a debate stopped mid-way opens from the chat's list on the debate's screen and goes on from its next turn, in the same debate", async () => {
  visit("/debate");
  await startDebate(2, ["La bicicletta", "Il monopattino"]);
  await user().click(screen.getByRole("button", { name: "STOP" }));
  // Issue 50 §7: the turns played stay, and where it stopped is said.
  expect(await within(transcript()).findByText(/Dibattito interrotto al turno \d/)).toBeVisible();
  cleanup();

  visit("/chat");
  expect(await screen.findByRole("heading", { level: 1, name: "OYSTAR AI" })).toBeVisible();
  const panel = await openConversations();
  await user().click(await within(panel).findByRole("button", { name: "Apri «La bicicletta contro il monopattino»" }));

  expect(await screen.findByRole("heading", { level: 1, name: "OYSTAR Debate" })).toBeVisible();
  await waitFor(() => expect(within(transcript()).getAllByText(/^Turno \d del lato/)).toHaveLength(2));
  await user().click(screen.getByRole("button", { name: "Prossimo (A)" }));
  await within(transcript()).findByText(/Turno 2 del lato A/);
  // The third turn, in the debate it began in, with the two turns before it.
  expect(calls.at(-1)).toMatchObject({ kind: "turn", turn: 2, debate_id: DEBATE_ID, history: [{ turn: 0 }, { turn: 1 }] });
});
