import type { DebateFeedback } from "@oystar/api-client";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { createDebateSession } from "../debate-session";
import type { DebateDefaults } from "../debate-state";
import { analyst, fakeWorld } from "../testing/fake-world";
import { DebateScreen } from "./debate-screen";

const today = new Date("2026-03-04T10:00:00Z");

function renderScreen({
  settings = {},
  world = fakeWorld(),
  feedback = async () => {},
}: { settings?: DebateDefaults; world?: ReturnType<typeof fakeWorld>; feedback?: (sent: DebateFeedback) => Promise<void> } = {}) {
  const session = createDebateSession(world.ports, { length: 6, ...settings });
  const sent: DebateFeedback[] = [];
  const saved: Array<{ name: string; file: Blob }> = [];
  render(
    <DebateScreen
      session={session}
      sendFeedback={async (item) => {
        sent.push(item);
        await feedback(item);
      }}
      saveFile={(file, name) => saved.push({ file, name })}
      now={() => today}
    />,
  );
  return {
    session,
    world,
    sent,
    saved,
    user: userEvent.setup(),
    /** Lets the session's answers arrive (no real time passes). */
    settle: () => act(() => world.settle()),
    /** Moves the virtual clock (auto mode's 3 s), then lets the answers arrive. */
    advance: async (ms: number) => {
      await act(async () => world.time.advance(ms));
      await act(() => world.settle());
    },
  };
}

async function typeTheses(user: ReturnType<typeof userEvent.setup>, a = "Il treno", b = "L'aereo") {
  await user.type(screen.getByRole("textbox", { name: "Tesi A (a favore)" }), a);
  await user.type(screen.getByRole("textbox", { name: "Tesi B (contro)" }), b);
}

const bubbles = () =>
  within(screen.getByRole("region", { name: "Interventi del dibattito" }))
    .queryAllByRole("listitem")
    .filter((item) => item.classList.contains("debate-turn"));
const statusText = () => screen.getByRole("group", { name: "Stato del dibattito" }).textContent;

describe("the start screen", () => {
  test("three tabs; an empty start says 'Inserisci un tema per la discussione!'", async () => {
    const { user, world } = renderScreen();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["DEBATE", "SINTESI", "SFIDA"]);
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Inserisci un tema per la discussione!");
    expect(world.increments()).toBe(0);
  });

  test("issue 36 §3: three example theses; a click writes both, and the debate starts from them", async () => {
    const { user, settle, world } = renderScreen();
    const examples = screen.getByRole("group", { name: "Tesi di esempio" });
    expect(within(examples).getAllByRole("button")).toHaveLength(3);
    await user.click(
      within(examples).getByRole("button", { name: "«I compiti a casa aiutano a imparare» contro «I compiti a casa andrebbero aboliti»" }),
    );
    expect(screen.getByRole("textbox", { name: "Tesi A (a favore)" })).toHaveValue("I compiti a casa aiutano a imparare");
    expect(screen.getByRole("textbox", { name: "Tesi B (contro)" })).toHaveValue("I compiti a casa andrebbero aboliti");
    // Nothing starts (nor is counted) before 'Avvia Dibattito'.
    expect(world.increments()).toBe(0);
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await settle();
    expect(bubbles()[0]).toHaveTextContent("A0: difendo «I compiti a casa aiutano a imparare»");
  });

  test("issue 36 §3: a debate is automatic unless told, its length stays; manual is one switch away", async () => {
    // The session's own defaults: no settings but the length of this file's debates.
    const { user } = renderScreen();
    expect(screen.getByRole("region", { name: "Impostazioni del dibattito" })).toHaveTextContent("6 turni · Auto");
    await user.click(screen.getByRole("button", { name: "Impostazioni" }));
    const mode = screen.getByRole("switch", { name: "Modalità automatica" });
    expect(mode).toBeChecked();
    await user.click(mode);
    expect(mode).not.toBeChecked();
    expect(screen.getByRole("region", { name: "Impostazioni del dibattito" })).toHaveTextContent("6 turni · Manuale");
  });

  // Issue 27 §5: the notice stayed after both theses were filled.
  test("the empty-topic notice stays while a thesis is missing and goes once both are written", async () => {
    const { user } = renderScreen();
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await user.type(screen.getByRole("textbox", { name: "Tesi A (a favore)" }), "Le auto elettriche");
    expect(screen.getByRole("alert")).toHaveTextContent("Inserisci un tema per la discussione!");
    await user.type(screen.getByRole("textbox", { name: "Tesi B (contro)" }), "Le auto a benzina");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Avvia Dibattito" })).toBeEnabled();
  });

  test("the preview says which option each model will defend, models named in a thesis included", async () => {
    const { user } = renderScreen();
    expect(screen.getByText("Scrivi le tesi per vedere quale posizione difenderà ciascun modello.")).toBeInTheDocument();
    await typeTheses(user, "Il treno", 'L\'aereo Model-B="llama3:latest"');
    const preview = screen.getByRole("region", { name: "Chi difende cosa" });
    expect(preview).toHaveTextContent("Modello A openai/gpt-oss-120b difenderà«Il treno»");
    expect(preview).toHaveTextContent("Modello B llama3:latest difenderà«L'aereo»");
  });

  test("SINTESI has no input of its own: it uses the theses' topic, and needs one", async () => {
    const { user } = renderScreen();
    await user.click(screen.getByRole("tab", { name: "SINTESI" }));
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByText("Scrivi le due tesi nella scheda DEBATE: la sintesi parte dal loro tema.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Genera Sintesi" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Inserisci un tema per la discussione!");
  });

  test("SFIDA: Model A defends the thesis, Model B refutes it", async () => {
    const { user, settle, world } = renderScreen();
    await user.click(screen.getByRole("tab", { name: "SFIDA" }));
    await user.type(screen.getByRole("textbox", { name: "Tesi da confutare" }), "Il treno vince sempre");
    expect(screen.getByRole("region", { name: "Chi difende cosa" })).toHaveTextContent("«Non è vero che il treno vince sempre»");
    await user.click(screen.getByRole("button", { name: "Sfida la Tesi" }));
    await settle();
    expect(world.asked()[0]).toMatchObject({ kind: "turn", mode: "challenge", ownOption: "Il treno vince sempre" });
    expect(bubbles()).toHaveLength(1);
  });
});

describe("a debate", () => {
  test("manual: Model A then Model B bubbles with copy, read aloud and share; 'Prossimo (B)' plays the next turn", async () => {
    const { user, settle, world } = renderScreen({ settings: { auto: false } });
    await typeTheses(user);
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await settle();
    expect(bubbles()).toHaveLength(1);
    const first = bubbles()[0] as HTMLElement;
    expect(first).toHaveTextContent("Modello A");
    expect(first).toHaveTextContent("Opposizione");
    expect(first).toHaveTextContent("A0: difendo «Il treno». Che ne pensi?");
    for (const action of ["Copia", "Leggi ad alta voce", "Condividi"])
      expect(within(first).getByRole("button", { name: action })).toBeInTheDocument();
    // No speech in this browser: the chat's own words say so.
    await user.click(within(first).getByRole("button", { name: "Leggi ad alta voce" }));
    expect(screen.getByRole("status")).toHaveTextContent("Text-to-speech non supportato dal browser");
    expect(statusText()).toContain("Manuale");
    expect(statusText()).toContain("Turno 1/6 · Prossimo: Modello B");
    // Manual mode waits: no timer, no second call until 'Prossimo'.
    await act(async () => world.time.advance(10_000));
    expect(world.calls).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Prossimo (B)" }));
    await settle();
    expect(bubbles().map((bubble) => bubble.classList.contains("debate-turn--B"))).toEqual([false, true]);
    expect(statusText()).toContain("Turno 2/6 · Prossimo: Modello A");
  });

  test("auto: a turn every 3 s to the feedback form, then auto is off; the slider stays locked", async () => {
    const { user, settle, advance } = renderScreen({ settings: { auto: true } });
    await typeTheses(user);
    await user.click(screen.getByRole("button", { name: "Impostazioni" }));
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await settle();
    expect(screen.getByRole("slider", { name: "Durata del dibattito" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: /Prossimo/ })).toBeNull();
    for (let turn = 2; turn <= 6; turn += 1) {
      await advance(3000);
      expect(bubbles()).toHaveLength(turn);
    }
    expect(screen.getByRole("heading", { name: "Com'è andato il dibattito?" })).toBeInTheDocument();
    expect(screen.getByText("Dibattito concluso")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Modalità automatica" })).not.toBeChecked();
    expect(screen.getByRole("slider", { name: "Durata del dibattito" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "STOP" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "FAI UN ALTRO DIBATTITO" }));
    expect(screen.getByRole("button", { name: "Avvia Dibattito" })).toBeInTheDocument();
    expect(screen.getByRole("slider", { name: "Durata del dibattito" })).toBeEnabled();
  });

  test("turning auto on mid-debate resumes by itself", async () => {
    const { user, settle, advance } = renderScreen({ settings: { auto: false } });
    await typeTheses(user);
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await settle();
    await user.click(screen.getByRole("button", { name: "Impostazioni" }));
    await user.click(screen.getByRole("switch", { name: "Modalità automatica" }));
    expect(statusText()).toContain("Auto");
    await advance(3000);
    expect(bubbles()).toHaveLength(2);
  });

  test("issue 50 §7: STOP ends the debate where it is — the stream aborted, no timer, 'Dibattito interrotto al turno 1' with the PDF and 'FAI UN ALTRO DIBATTITO'", async () => {
    const { user, settle, world } = renderScreen({ settings: { auto: true }, world: fakeWorld({ script: () => "controlled" }) });
    await typeTheses(user);
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await settle();
    await act(async () => world.controlled[0]?.push("Il treno "));
    await settle();
    const live = bubbles()[0] as HTMLElement;
    expect(live).toHaveTextContent("Il treno");
    expect(live).toHaveTextContent("sta scrivendo...");
    expect(live.querySelector(".chat-cursor")).not.toBeNull();
    await user.click(screen.getByRole("button", { name: "STOP" }));
    await settle();
    expect(world.calls[0]?.signal.aborted).toBe(true);
    expect(world.time.pendingTimers()).toBe(0);
    // The turn being written goes; what happened is said, with a finished debate's actions.
    const transcript = screen.getByRole("region", { name: "Interventi del dibattito" });
    expect(transcript).toHaveTextContent("Dibattito interrotto al turno 1");
    expect(transcript).not.toHaveTextContent("sta scrivendo...");
    expect(screen.queryByRole("button", { name: "STOP" })).toBeNull();
    expect(screen.getByRole("button", { name: "SCARICA PDF" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "FAI UN ALTRO DIBATTITO" }));
    // What was typed stays, ready for another start.
    expect(screen.getByRole("button", { name: "Avvia Dibattito" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Tesi A (a favore)" })).toHaveValue("Il treno");
  });

  test("issue 36 §7: Esc is STOP — the stream aborted, no timer, the debate ended where it was", async () => {
    const { user, settle, world } = renderScreen({ world: fakeWorld({ script: () => "controlled" }) });
    await typeTheses(user);
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await settle();
    await act(async () => world.controlled[0]?.push("Il treno "));
    await settle();
    expect(screen.getByRole("button", { name: "STOP" })).toHaveAttribute("aria-keyshortcuts", "Escape");
    await user.keyboard("{Escape}");
    await settle();
    expect(world.calls[0]?.signal.aborted).toBe(true);
    expect(screen.getByRole("region", { name: "Interventi del dibattito" })).toHaveTextContent("Dibattito interrotto al turno 1");
    expect(world.time.pendingTimers()).toBe(0);
  });

  test("the cards: 'Il modello non ha risposto' and '❌ Errore: …'; the debate goes on", async () => {
    const world = fakeWorld({
      script: (call, index) =>
        index === 0
          ? (async function* () {})()
          : (async function* () {
              yield* [];
              throw new Error("rete assente");
            })(),
    });
    const { user, settle } = renderScreen({ world, settings: { auto: false } });
    await typeTheses(user);
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await settle();
    expect(screen.getByText("Il modello non ha risposto")).toBeInTheDocument();
    expect(screen.getByText("Il dibattito può continuare con il prossimo intervento.")).toBeInTheDocument();
    // spec 001 §4: the empty reply's card comes with an error.
    expect(screen.getByText("❌ Errore: il Modello A non ha inviato testo al turno 1.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Prossimo (B)" }));
    await settle();
    expect(screen.getByText("❌ Errore: rete assente")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Prossimo (B)" })).toBeInTheDocument();
  });

  test("an exhausted debate quota shows 'Quota Esaurita!' with the upgrade button; there is nothing to save", async () => {
    const { user, settle, saved } = renderScreen({ world: fakeWorld({ startDebate: async () => ({ status: "quotaExhausted" }) }) });
    await typeTheses(user);
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await settle();
    expect(screen.getByRole("heading", { name: "Quota Esaurita!" })).toBeInTheDocument();
    expect(screen.getByText("Hai raggiunto il limite di dibattiti del tuo piano corrente.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Passa a un piano superiore" })).toHaveAttribute("href", "/subscription");
    await user.click(screen.getByRole("button", { name: "SCARICA PDF" }));
    expect(screen.getByText("Nessun dibattito da salvare!")).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  test("'SCARICA PDF' saves a PDF named with both options and the date", async () => {
    const { user, settle, saved } = renderScreen();
    await typeTheses(user);
    await user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await settle();
    await user.click(screen.getByRole("button", { name: "SCARICA PDF" }));
    await vi_waitFor(() => saved.length === 1);
    expect(saved[0]?.name).toBe("OYSTAR_Debate_Il_treno_vs_L_aereo_2026-03-04.pdf");
    expect(new TextDecoder().decode(new Uint8Array(await (saved[0]?.file as Blob).slice(0, 5).arrayBuffer()))).toBe("%PDF-");
  });
});

describe("the feedback form", () => {
  async function finishedDebate(options: Parameters<typeof renderScreen>[0] = {}) {
    const screenUnderTest = renderScreen({ ...options, settings: { auto: true } });
    await typeTheses(screenUnderTest.user);
    await screenUnderTest.user.click(screen.getByRole("button", { name: "Avvia Dibattito" }));
    await screenUnderTest.settle();
    for (let turn = 2; turn <= 6; turn += 1) await screenUnderTest.advance(3000);
    return screenUnderTest;
  }

  test("under the transcript, before the form: the judge's scorecard — four criteria per side, the quotes, the verdict", async () => {
    await finishedDebate();
    const scorecard = screen.getByRole("region", { name: "Valutazione del giudice" });
    const form = screen.getByRole("heading", { name: "Com'è andato il dibattito?" });
    expect(scorecard.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(scorecard).getByText(/^Giudice: llama-3.3-70b-versatile/)).toBeInTheDocument();
    expect(scorecard).toHaveTextContent("Verdetto: Vince il Lato A");
    expect(scorecard).toHaveTextContent("Accordo tra le due letture: alto.");
    for (const [side, model, score] of [
      ["A", "openai/gpt-oss-120b", "8/10"],
      ["B", "openai/gpt-oss-20b", "6/10"],
    ] as const) {
      const column = within(scorecard).getByRole("region", { name: `Lato ${side} · ${model}` });
      const rows = within(column).getAllByRole("row").slice(1);
      expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["Logica", "Prove", "Persuasività", "Replica"]);
      expect(rows.every((row) => row.textContent?.includes(score))).toBe(true);
      expect(within(column).getByText("Argomento più forte")).toBeInTheDocument();
    }
  });

  test("needs a rating; counts the comment to 500; sends topic, time and the PDF wish; thanks, then 'Nuovo Dibattito'", async () => {
    const { user, sent, saved } = await finishedDebate();
    await user.click(screen.getByRole("button", { name: "Invia feedback" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Scegli una valutazione da 1 a 5 stelle.");
    expect(sent).toEqual([]);
    await user.click(screen.getByRole("radio", { name: "Buono" }));
    const comment = screen.getByRole("textbox", { name: "Commento (facoltativo)" });
    await user.type(comment, "Chiaro");
    expect(comment).toHaveAccessibleDescription("6/500 caratteri");
    expect(comment).toHaveAttribute("maxLength", "500");
    await user.click(screen.getByRole("checkbox", { name: "Scarica una copia PDF del dibattito" }));
    await user.click(screen.getByRole("button", { name: "Invia feedback" }));
    expect(await screen.findByRole("heading", { name: "Grazie per il tuo feedback!" })).toBeInTheDocument();
    expect(sent).toEqual([
      { rating: 4, comment: "Chiaro", debate_topic: "Il treno contro l'aereo", timestamp: "2026-03-04T10:00:00.000Z", pdf_requested: true },
    ]);
    expect(saved.map((file) => file.name)).toEqual(["OYSTAR_Debate_Il_treno_vs_L_aereo_2026-03-04.pdf"]);
    // Issue 52 §7: one way to start over after the vote, not 'Nuovo Dibattito' and 'FAI UN ALTRO DIBATTITO' side by side.
    expect(screen.queryByRole("button", { name: "FAI UN ALTRO DIBATTITO" })).toBeNull();
    expect(screen.getAllByRole("button", { name: /nuovo dibattito|altro dibattito/i })).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Nuovo Dibattito" }));
    expect(screen.getByRole("button", { name: "Avvia Dibattito" })).toBeInTheDocument();
  });

  test("'Chi ti ha convinto di più?' beside the stars: the vote goes with the debate's id", async () => {
    const { user, sent } = await finishedDebate();
    const vote = screen.getByRole("group", { name: "Chi ti ha convinto di più?" });
    expect(
      within(vote)
        .getAllByRole("radio")
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(["Lato A", "Lato B", "Parità"]);
    await user.click(screen.getByRole("radio", { name: "Ottimo" }));
    await user.click(within(vote).getByRole("radio", { name: "Parità" }));
    await user.click(screen.getByRole("button", { name: "Invia feedback" }));
    expect(await screen.findByRole("heading", { name: "Grazie per il tuo feedback!" })).toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ rating: 5, debate_id: "debate-1", preferred_side: "tie" })]);
  });

  test("a refused feedback says 'Errore nell'invio del feedback. Riprova più tardi.' and keeps the form", async () => {
    const { user } = await finishedDebate({
      feedback: async () => {
        throw new Error("500");
      },
    });
    await user.click(screen.getByRole("radio", { name: "Ottimo" }));
    await user.click(screen.getByRole("button", { name: "Invia feedback" }));
    expect(await screen.findByText("Errore nell'invio del feedback. Riprova più tardi.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Invia feedback" })).toBeEnabled();
  });
});

describe("synthesis", () => {
  test("a progress bar with its phase text and 'x/y turni completati', then the result and 'Scarica Sintesi'", async () => {
    // The first hidden turn is held, to see the bar while it runs.
    const { user, settle, saved, world } = renderScreen({
      world: fakeWorld({ script: (call, index) => (index === 0 ? "controlled" : analyst(call, index)) }),
    });
    await typeTheses(user);
    await user.click(screen.getByRole("tab", { name: "SINTESI" }));
    expect(screen.getByRole("region", { name: "Chi difende cosa" })).toHaveTextContent("«Il treno»");
    await user.click(screen.getByRole("button", { name: "Genera Sintesi" }));
    await settle();
    const bar = screen.getByRole("progressbar", { name: "Dibattito nascosto: fase di opposizione" });
    expect(bar).toHaveAttribute("aria-valuetext", "0/6 turni completati");
    expect(screen.getByText("0/6 turni completati")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Interventi del dibattito" })?.querySelector(".debate-turn")).toBeFalsy();
    await act(async () => {
      world.controlled[0]?.push("A0: il treno.");
      world.controlled[0]?.end();
    });
    await settle();
    expect(world.increments()).toBe(1);
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("heading", { name: "Sintesi del dibattito" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Sintesi 1: Prima" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Piano operativo" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Conclusioni" })).toBeInTheDocument();
    // The hidden debate was never shown; the start screen is back.
    expect(screen.queryByRole("region", { name: "Interventi del dibattito" })).toBeNull();
    expect(screen.getByRole("button", { name: "Genera Sintesi" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Scarica Sintesi" }));
    await vi_waitFor(() => saved.length === 1);
    expect(saved[0]?.name).toBe("OYSTAR_Sintesi_2026-03-04.pdf");
  });
});

/** Waits (in real time, briefly) for jspdf to load and write: the only real work in these tests. */
async function vi_waitFor(done: () => boolean) {
  for (let attempt = 0; attempt < 200 && !done(); attempt += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(done()).toBe(true);
}
