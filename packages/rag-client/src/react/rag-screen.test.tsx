import { defaultSettings, type Health, type StreamChunk } from "@oystar/api-client";
import { toggleAdvancedControls, type ChatCard } from "@oystar/conversation";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { HttpError } from "@oystar/api-client";
import type { IndexOption } from "../index-choice";
import { citedPassage } from "@oystar/conversation/testing";
import { createRagSession } from "../rag-session";
import { LiveAnswer, scriptedWorld, settle, type ScriptedAnswer } from "../testing/scripted-world";
import { RagScreen } from "./rag-screen";

const demo = [{ name: "gardenroute-demo", label: "Garden Route" }];
const sources = [
  citedPassage({
    filename: "boboli.md",
    chunkId: "301",
    url: "https://giardini.example/boboli",
    title: "Il Giardino di Boboli",
    noteNumber: 1,
  }),
  citedPassage({
    filename: "limonaie.md",
    chunkId: "302",
    url: "https://giardini.example/limonaie",
    title: "Le limonaie",
    noteNumber: 2,
    page: 4,
  }),
  citedPassage({ filename: "rose.md", chunkId: "303", url: "https://giardini.example/rose", title: "Il roseto", noteNumber: 3 }),
  citedPassage({
    filename: "regolamento.md",
    chunkId: "304",
    url: "/interno/regolamento.md",
    title: "Il regolamento interno",
    noteNumber: 4,
  }),
  citedPassage({ filename: "appunti.md", chunkId: "305", title: "Appunti del giardiniere", noteNumber: 5 }),
];

function renderScreen(
  answers: ScriptedAnswer[] = [],
  {
    updatedAt = "2026-11-20T09:15:00.000Z",
    health = null,
    indexes = demo,
  }: { updatedAt?: string | null; health?: Health | null; indexes?: readonly IndexOption[] } = {},
) {
  const world = scriptedWorld(answers);
  const session = createRagSession({ ...world.dependencies, settings: defaultSettings });
  const cards: ChatCard[] = [];
  render(
    <RagScreen
      session={session}
      indexes={indexes}
      renderCard={(card) => {
        cards.push(card);
        return <p>Carta {card}</p>;
      }}
      updatedAt={updatedAt}
      version={12}
      health={health}
      formatDate={(date) => new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeZone: "Europe/Rome" }).format(date)}
    />,
  );
  return { world, session, cards, user: userEvent.setup(), box: () => screen.getByRole("textbox", { name: "Messaggio" }) };
}

describe("the RAG screen", () => {
  test("empty state: the title, the illustrative-example disclaimer and the index in use", () => {
    renderScreen();
    expect(screen.getByRole("heading", { level: 1, name: "OYSTAR RAG" })).toBeVisible();
    expect(screen.getByText(/Esempio illustrativo: le risposte vengono da una raccolta di documenti su giardini e turismo/)).toBeVisible();
    expect(screen.getByText("Garden Route (gardenroute-demo)")).toBeVisible();
  });

  test("issue 36 §3: the demo index's example questions, as the server lists them; a click asks one", async () => {
    const live = new LiveAnswer();
    const examples = ["Chi ha commissionato Villa d'Este a Tivoli?", "Quando è stato fondato l'Orto botanico di Padova?"];
    const { user, world } = renderScreen([live], { indexes: [{ ...demo[0]!, examples }] });
    const group = screen.getByRole("group", { name: "Domande di esempio sui documenti" });
    expect(
      within(group)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(examples);
    await user.click(within(group).getByRole("button", { name: examples[1] }));
    expect(world.requests.map((request) => request.question)).toEqual([examples[1]]);
    // The conversation has begun: the empty state and its examples are gone.
    expect(screen.queryByRole("group", { name: "Domande di esempio sui documenti" })).toBeNull();
    expect(screen.getByText(examples[1]!)).toBeVisible();
    await act(async () => {
      live.end();
      await settle();
    });
  });

  test("issue 36 §7: Esc stops the answer as it comes; what arrived stays, marked as cut short, and the box is free again", async () => {
    const live = new LiveAnswer();
    const { user, box } = renderScreen([live]);
    await user.type(box(), "Quando fioriscono le camelie?{Enter}");
    await act(async () => {
      live.send({ sources: [sources[0]!] });
      live.send({ chunk: "Le camelie fioriscono" });
      await settle();
    });
    await user.keyboard("{Escape}");
    // The server's stream ends when its request is aborted (here, the scripted one's next step).
    await act(async () => {
      live.end();
      await settle();
    });
    expect(screen.getByText(/Le camelie fioriscono/)).toBeVisible();
    expect(await screen.findByText(/risposta interrotta/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Invia" })).not.toHaveAttribute("aria-busy");
  });

  test("no example questions when more than one index is asked, or the index has none", () => {
    renderScreen([], {
      indexes: [
        { ...demo[0]!, examples: ["Chi ha commissionato Villa d'Este a Tivoli?"] },
        { name: "dossier", label: "Dossier" },
      ],
    });
    expect(screen.queryByRole("group", { name: "Domande di esempio sui documenti" })).toBeNull();
    cleanup();
    renderScreen();
    expect(screen.queryByRole("group", { name: "Domande di esempio sui documenti" })).toBeNull();
  });

  test("Enter sends, Shift+Enter adds a line; empty or blank never sends; the button spins while the answer comes", async () => {
    const live = new LiveAnswer();
    const { user, box, world } = renderScreen([live]);
    const send = screen.getByRole("button", { name: "Invia" });
    expect(send).toBeDisabled();
    await user.type(box(), "   ");
    expect(send).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(world.requests).toHaveLength(0);

    await user.clear(box());
    await user.type(box(), "Prima riga{Shift>}{Enter}{/Shift}seconda riga");
    expect(box()).toHaveValue("Prima riga\nseconda riga");
    expect(send).toBeEnabled();
    await user.keyboard("{Enter}");
    expect(world.requests.map((request) => request.question)).toEqual(["Prima riga\nseconda riga"]);
    expect(box()).toHaveValue("");
    const busy = screen.getByRole("button", { name: /Invia/ });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute("aria-busy", "true");
    await act(async () => {
      live.send({ chunk: "Fatto." });
      live.end();
      await settle();
    });
    expect(screen.getByRole("button", { name: "Invia" })).not.toHaveAttribute("aria-busy");
  });

  test("the answer streams with a blinking cursor, then shows 'Fonti utilizzate' — only the sources with an http address — and citations that lead there", async () => {
    const live = new LiveAnswer();
    const { user, box } = renderScreen([live]);
    await user.type(box(), "Quando apre Boboli?{Enter}");
    await act(async () => {
      live.send({ sources });
      live.send({ chunk: "Boboli apre alle 8:15 [1]." });
      await settle();
    });
    expect(await screen.findByText(/Boboli apre alle 8:15/)).toBeVisible();
    expect(document.querySelector(".chat-cursor")).not.toBeNull();
    expect(screen.queryByRole("heading", { name: "Fonti utilizzate" })).toBeNull();

    await act(async () => {
      live.send({ chunk: " Le limonaie ospitano gli agrumi [302]. I droni sono vietati [4][5]." });
      // After the answer the server says which passages it cites ([302] is source 2's passage) and how far to trust them.
      live.send({
        sources: sources.map((source) => ({
          ...source,
          support: { cited: source.noteNumber !== 3, confidence: source.noteNumber === 1 ? 0.82 : null },
        })),
      });
      live.send({ contextUsage: 2 });
      live.end();
      await settle();
    });
    expect(document.querySelector(".chat-cursor")).toBeNull();
    const list = screen.getByRole("region", { name: "Fonti utilizzate" });
    // The cited sources, in order, each a link to its address.
    expect(within(list).getByRole("link", { name: "Il Giardino di Boboli" })).toHaveAttribute("href", "https://giardini.example/boboli");
    expect(within(list).getByRole("link", { name: "Le limonaie" })).toHaveAttribute("href", "https://giardini.example/limonaie");
    expect(within(list).getByText("limonaie.md")).toBeVisible();
    expect(within(list).getByText("p. 4")).toBeVisible();
    // spec 001 §5: sources are shown only when the URL begins with http — cited or not, and their citations lead nowhere.
    expect(within(list).queryByText("Il regolamento interno")).toBeNull();
    expect(within(list).queryByText("Appunti del giardiniere")).toBeNull();
    expect(screen.queryByRole("link", { name: "Fonte 4" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Fonte 5" })).toBeNull();
    // Two cited documents in view, one consulted and folded (a document each, its passage under it).
    expect(list.querySelectorAll(".rag-source")).toHaveLength(3);
    expect(within(list).getByText("attendibilità 82 %")).toBeVisible();
    expect(within(list).getByText("attendibilità 82 %")).toHaveAttribute(
      "title",
      expect.stringMatching(/^Attendibilità: quanto il passaggio sostiene le frasi che lo citano e quanto risponde alla domanda/),
    );
    // The source not cited is folded apart.
    expect(within(list).getByText("Un altro passaggio consultato")).toBeVisible();
    expect(within(list).getByText("Il roseto")).not.toBeVisible();

    // [1] leads to source 1; [302] is a chunk id (spec 001 §5) and leads to source 2.
    const first = await screen.findByRole("link", { name: "Fonte 1" });
    const chunk = screen.getByRole("link", { name: "Fonte 302" });
    const target = (link: HTMLElement) => document.getElementById(decodeURIComponent(link.getAttribute("href")!.slice(1)));
    expect(target(first)).toHaveTextContent("Il Giardino di Boboli");
    expect(target(chunk)).toHaveTextContent("Le limonaie");
    await user.click(chunk);
    expect(target(chunk)).toHaveFocus();

    // spec 001 §2: copy, read aloud and share under the answer; issue 25: and the answer as a PDF with its sources.
    const actions = screen.getByRole("group", { name: "Azioni sulla risposta" });
    expect(
      within(actions)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(["Copia", "Leggi ad alta voce", "Condividi", "Scarica PDF"]);
    expect(screen.getByRole("region", { name: "Strumenti del RAG" })).toHaveTextContent("Garden Route · GPT-OSS 120B · Contesto: 2 %");
  });

  // Issue 52 §3: each passage its own figures; the answer's figure once, apart.
  test("each passage shows its own retrieval score and support; the answer's reliability is said once, above the list", async () => {
    const boboli = { filename: "boboli.md", url: "https://giardini.example/boboli", title: "Il Giardino di Boboli", noteNumber: 1 };
    const final = [
      citedPassage({
        ...boboli,
        chunkId: "11",
        excerpt: "Il giardino apre alle 8:15…",
        support: { cited: true, confidence: 0.9, retrieval: 1, backing: 0.9 },
      }),
      citedPassage({
        ...boboli,
        chunkId: "12",
        excerpt: "Le grotte del Buontalenti…",
        support: { cited: true, confidence: 0.3, retrieval: 0.62, backing: 0.55 },
      }),
      citedPassage({
        ...boboli,
        chunkId: "13",
        excerpt: "La limonaia…",
        support: { cited: false, confidence: null, retrieval: 0.4, backing: null },
      }),
    ];
    const { user, box } = renderScreen([[{ sources: final }, { chunk: "Apre alle 8:15 [1]. Le grotte [1]." }, { sources: final }]]);
    await user.type(box(), "Quando apre Boboli?{Enter}");
    const list = await screen.findByRole("region", { name: "Fonti utilizzate" });
    // Once, apart: the mean of the cited passages' 0.9 and 0.3.
    expect(within(list).getAllByText(/^Attendibilità della risposta/)).toHaveLength(1);
    expect(within(list).getByText(/^Attendibilità della risposta/)).toHaveTextContent("Attendibilità della risposta: 60 %");
    const passages = [...list.querySelectorAll(".rag-passage")].map((item) =>
      item.querySelector(".rag-passage__confidence")?.textContent?.replace(/\u00a0/g, " "),
    );
    expect(passages).toEqual(["pertinenza 100 %sostegno 90 %", "pertinenza 62 %sostegno 55 %", "pertinenza 40 %"]);
    expect(within(list).getByText("sostegno 55 %")).toHaveAttribute(
      "title",
      "Sostegno: quanto il passaggio sostiene le frasi della risposta che lo citano.",
    );
    // No passage shows the answer's figure as its own.
    expect(within(list).queryByText(/^attendibilità \d/)).toBeNull();
  });

  // Issue 23 §5: the server numbers documents as the answer cites them and marks the cited passages.
  test("one entry per document, numbered as cited, its cited passages under it; uncited passages folded", async () => {
    const boboli = { filename: "boboli.md", url: "https://giardini.example/boboli", title: "Il Giardino di Boboli", noteNumber: 1 };
    const ninfa = { filename: "ninfa.md", url: "https://giardini.example/ninfa", title: "Il Giardino di Ninfa", noteNumber: 2 };
    const final = [
      citedPassage({
        ...boboli,
        chunkId: "11",
        excerpt: "Il giardino apre alle 8:15 in estate…",
        support: { cited: true, confidence: 0.91 },
      }),
      citedPassage({ ...boboli, chunkId: "12", excerpt: "Le grotte del Buontalenti…", support: { cited: true, confidence: 0.64 } }),
      citedPassage({ ...boboli, chunkId: "13", excerpt: "La limonaia ospita gli agrumi…", support: { cited: false, confidence: null } }),
      citedPassage({ ...ninfa, chunkId: "21", excerpt: "Le rovine medievali…", support: { cited: true, confidence: 0.12 } }),
      citedPassage({
        filename: "rose.md",
        url: "https://giardini.example/rose",
        title: "Il roseto",
        noteNumber: 3,
        chunkId: "31",
        excerpt: "Le rose antiche…",
        support: { cited: false, confidence: null },
      }),
    ];
    const { user, box } = renderScreen([
      [{ sources: final }, { chunk: "Apre alle 8:15 [1]. Le grotte [1] e le rovine [2]." }, { sources: final }],
    ]);
    await user.type(box(), "Quando apre Boboli?{Enter}");
    const list = await screen.findByRole("region", { name: "Fonti utilizzate" });
    const entries = [...list.querySelectorAll(":scope > ol > .rag-source")];
    expect(entries.map((entry) => entry.querySelector(".rag-source__number")?.textContent)).toEqual(["1", "2"]);
    // Boboli's two cited passages under its one entry; its third passage folded inside it.
    expect(within(entries[0] as HTMLElement).getByText("Il giardino apre alle 8:15 in estate…")).toBeVisible();
    expect(within(entries[0] as HTMLElement).getByText("attendibilità 64 %")).toBeVisible();
    expect(within(entries[0] as HTMLElement).getByText("La limonaia ospita gli agrumi…")).not.toBeVisible();
    expect(within(entries[1] as HTMLElement).getByText("attendibilità 12 %")).toBeVisible();
    // The document not cited, folded below.
    expect(list.querySelector(":scope > details > summary")).toHaveTextContent("Un altro passaggio consultato");
    expect(within(list).getByText("Le rose antiche…")).not.toBeVisible();
    // Each citation leads to its document's entry.
    const target = (link: HTMLElement) => document.getElementById(decodeURIComponent(link.getAttribute("href")!.slice(1)));
    expect(target(screen.getAllByRole("link", { name: "Fonte 1" })[0]!)).toBe(entries[0]);
    expect(target(screen.getByRole("link", { name: "Fonte 2" }))).toBe(entries[1]);
  });

  test("'not in the documents': the answer with no sources at all", async () => {
    const { user, box } = renderScreen([
      [{ sources: [] }, { chunk: "Non ho trovato questa informazione nei documenti dell'indice." }, { contextUsage: 1 }],
    ]);
    await user.type(box(), "Qual è il prezzo del biglietto aereo Roma-Tokyo?{Enter}");
    expect(await screen.findByText("Non ho trovato questa informazione nei documenti dell'indice.")).toBeVisible();
    expect(screen.queryByRole("region", { name: "Fonti utilizzate" })).toBeNull();
  });

  test("spec 001 §2, §4: at 90 % the warning banner shows and the conversation becomes its summary", async () => {
    const events: StreamChunk[] = [
      { chunk: "Risposta lunga." },
      { contextUsage: 93 },
      { summary: "Riepilogo della conversazione precedente:\n\nDomande:\n- Prima" },
    ];
    const { user, box } = renderScreen([events]);
    await user.type(box(), "Prima{Enter}");
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent("Contesto quasi esaurito");
    expect(banner).toHaveTextContent("La conversazione ha raggiunto il 93 % del contesto disponibile");
    expect(screen.getByText("Riepilogo automatico")).toBeVisible();
    await user.click(within(banner).getByRole("button", { name: "Chiudi" }));
    expect(screen.queryByText("Contesto quasi esaurito")).toBeNull();
  });

  test("no banner under 90 %", async () => {
    const { user, box } = renderScreen([[{ chunk: "Breve." }, { contextUsage: 89 }]]);
    await user.type(box(), "Domanda{Enter}");
    await screen.findByText("Breve.");
    expect(screen.queryByText("Contesto quasi esaurito")).toBeNull();
  });

  test("the advanced panel's model selector (also opened by the window event) chooses the model the question goes to", async () => {
    const { user, box, world } = renderScreen([[{ chunk: "Ok." }]]);
    expect(screen.queryByRole("combobox", { name: "Modello" })).toBeNull();
    act(() => toggleAdvancedControls());
    const model = screen.getByRole("combobox", { name: "Modello" });
    // spec 001 §9: the RAG's model choices, with the (default) cloud provider too.
    expect(
      within(model)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["GPT-OSS 120B", "GPT-OSS 20B", "Llama 3.3 70B", "Llama 3.1 8B", "Mixtral 8x7B", "Gemma 7B"]);
    await user.selectOptions(model, "llama-3.3-70b-versatile");
    await user.type(box(), "Domanda{Enter}");
    expect(world.requests[0]?.llm_model).toBe("llama-3.3-70b-versatile");
    await user.click(screen.getByRole("button", { name: "Impostazioni avanzate" }));
    expect(screen.queryByRole("combobox", { name: "Modello" })).toBeNull();
  });

  test("the read-only configuration panel: Private Cloud, every setting, all indexes, and the footer", async () => {
    const { user } = renderScreen();
    await user.click(screen.getByRole("button", { name: "Configurazione attuale" }));
    const panel = screen.getByRole("dialog", { name: "Configurazione attuale" });
    const value = (term: string) => within(panel).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
    expect(value("Provider")).toBe("Private Cloud");
    expect(value("Modello di embedding")).toBe("bge-m3");
    expect(value("Top-K recupero (per indice)")).toBe("45");
    expect(value("Top-K reranker (finale)")).toBe("6");
    expect(value("Reranker")).toBe("Attivo");
    expect(value("Correzione ortografica")).toBe("Disattivo");
    expect(value("Multi-query")).toBe("Disattivo");
    expect(value("Cache")).toBe("Attivo · durata 3600 s");
    expect(value("Soglia semantica")).toBe("0,4");
    expect(value("Soglia di attendibilità")).toBe("0,6");
    expect(value("Verifica adattiva")).toBe("Attivo");
    expect(value("Indici")).toBe("tutti gli indici");
    expect(value("Cronologia massima")).toBe("6144 token");
    expect(value("Prompt di sistema")).toMatch(/^Rispondi in italiano/);
    // Read-only: nothing to change in it.
    expect(within(panel).queryAllByRole("textbox")).toEqual([]);
    expect(within(panel).queryAllByRole("checkbox")).toEqual([]);
    expect(within(panel).getByText("Configurazione dalle impostazioni globali dell'amministratore.")).toBeVisible();
    expect(within(panel).getByText("Ultimo aggiornamento: 20 novembre 2026")).toBeVisible();
    // The settings' version (the admin's saves, counted), not the app's.
    expect(within(panel).getByText("Versione 12")).toBeVisible();
  });

  // Issue 23 §6: the panel tells what runs (GET /api/health), beside what the settings ask for.
  test("the configuration panel shows the embedder, reranker and model that run, and what the settings ask when they differ", async () => {
    const health: Health = {
      status: "ok",
      version: "1",
      model: { offline: true, name: "oystar-offline" },
      rag: {
        embedder: { name: "oystar-hashed-char-ngrams-256", kind: "local-lexical" },
        reranker: { name: "oystar-local-feature-scorer", kind: "local-feature-scorer" },
        reranking: "off",
      },
    };
    const { user } = renderScreen([], { health });
    await user.click(screen.getByRole("button", { name: "Configurazione attuale" }));
    const panel = screen.getByRole("dialog", { name: "Configurazione attuale" });
    const value = (term: string) => within(panel).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
    expect(value("Modello di embedding")).toBe("locale (lessicale) (le impostazioni chiedono bge-m3)");
    expect(value("Modello linguistico")).toBe("Modello dimostrativo offline (le impostazioni chiedono openai/gpt-oss-120b)");
    // Issue 52 §4: a stage this server cannot run reads off, with why — as the admin's panel says it.
    expect(value("Reranker")).toBe("Disattivo: Questa fase non può funzionare su questo server.");
    expect(value("HyDE")).toBe("Disattivo");
  });

  // Issue 52 §4: in plain words first, the model that really answers; the technical names folded.
  test("'Configurazione attuale' says in plain words where it searches, how many sources, who answers; the technical names folded under 'Dettagli tecnici'", async () => {
    const health: Health = {
      status: "ok",
      version: "1",
      model: { offline: true, name: "oystar-offline" },
      rag: {
        embedder: { name: "oystar-hashed-char-ngrams-256", kind: "local-lexical" },
        reranker: { name: "oystar-local-feature-scorer", kind: "local-feature-scorer" },
        deduplication: "off",
        deduplication_reason: "La deduplicazione resta spenta su questo server.",
      },
    };
    const { user } = renderScreen([], { health });
    await user.click(screen.getByRole("button", { name: "Configurazione attuale" }));
    const panel = screen.getByRole("dialog", { name: "Configurazione attuale" });
    const value = (term: string) => within(panel).getByText(term, { selector: "dt" }).nextElementSibling;
    expect(value("Dove cerca")).toHaveTextContent("In tutti i tuoi indici");
    expect(value("Quante fonti")).toHaveTextContent(
      "Fino a 6 passaggi per risposta, scelti tra i 45 più vicini alla domanda in ogni indice",
    );
    expect(value("Chi risponde")?.textContent).toMatch(/^Il modello dimostrativo offline/);
    expect(value("Chi risponde")?.textContent).not.toMatch(/gpt-oss/i);
    expect(value("Dove cerca")).toBeVisible();
    // Top-K, RRF and HyDE are under the fold, closed.
    const technical = within(panel).getByText("Dettagli tecnici").closest("details")!;
    expect(technical).not.toHaveAttribute("open");
    expect(value("Top-K recupero (per indice)")).not.toBeVisible();
    expect(value("Deduplicazione")).toHaveTextContent("Disattivo: La deduplicazione resta spenta su questo server.");
    await user.click(within(panel).getByText("Dettagli tecnici"));
    expect(value("Top-K recupero (per indice)")).toBeVisible();
  });

  test("with a model connected, 'Chi risponde' names the model the questions go to — the one chosen in the advanced settings", async () => {
    const health: Health = { status: "ok", version: "1", model: { offline: false, name: "openai-compatible" } };
    const { user } = renderScreen([], { health });
    await user.click(screen.getByRole("button", { name: "Impostazioni avanzate" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Modello" }), "llama-3.3-70b-versatile");
    await user.click(screen.getByRole("button", { name: "Configurazione attuale" }));
    const panel = screen.getByRole("dialog", { name: "Configurazione attuale" });
    expect(within(panel).getByText("Chi risponde", { selector: "dt" }).nextElementSibling).toHaveTextContent("Llama 3.3 70B");
  });

  // Issue 36 §1: the offline model answers whatever is named; the bar borrows no model's name.
  test("offline, the bar names the demonstration model, not the settings' model", () => {
    const health: Health = { status: "ok", version: "1", model: { offline: true, name: "oystar-offline" } };
    renderScreen([], { health });
    const bar = screen.getByRole("region", { name: "Strumenti del RAG" });
    expect(bar.textContent).toContain("Modello dimostrativo offline");
    expect(bar.textContent).not.toMatch(/GPT-OSS|gpt-oss/);
  });

  test("429: the screen's quota card; other failures: the generic message and the reason, no actions", async () => {
    const { user, box, cards } = renderScreen([
      { events: [], error: new HttpError(429, {}) },
      { events: [], error: new HttpError(403, { error: "Indice non disponibile: «altrui»." }) },
    ]);
    await user.type(box(), "Uno{Enter}");
    expect(await screen.findByText("Carta QUOTA_EXCEEDED_UPGRADE")).toBeVisible();
    expect(cards).toContain("QUOTA_EXCEEDED_UPGRADE");
    await user.type(box(), "Due{Enter}");
    expect(
      await screen.findByText("Mi dispiace, si è verificato un errore durante l'elaborazione della tua richiesta. Riprova."),
    ).toBeVisible();
    expect(screen.getByText("Dettaglio: Indice non disponibile: «altrui».")).toBeVisible();
    expect(screen.queryByRole("group", { name: "Azioni sulla risposta" })).toBeNull();
  });
});
