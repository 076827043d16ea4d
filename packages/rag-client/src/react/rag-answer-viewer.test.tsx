import { defaultSettings, type StreamChunk } from "@oystar/api-client";
import { createSourceViewer } from "@oystar/conversation";
import { citedPassage, scriptedViewer, textPassage } from "@oystar/conversation/testing";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { xssPayloads } from "@oystar/vitest-config/hostile-text";
import { describe, expect, test } from "vitest";
import { createRagSession } from "../rag-session";
import { scriptedWorld, settle } from "../testing/scripted-world";
import { RagScreen } from "./rag-screen";

// Issue 25: a RAG answer's citations and sources open the source viewer (the floor's, issue 38 §1)
// — the passage highlighted in its text, the passages of its document one after the other, Escape
// back to the citation.

const boboli = { id: "7", title: "Il Giardino di Boboli", filename: "giardino-di-boboli.md" };
const passages = [
  textPassage("11", "Il giardino apre alle 8:15 da giugno ad agosto.", boboli, {
    before: "Boboli è il giardino di Palazzo Pitti.\n\nOrari. ",
    after: " In inverno chiude alle 16:30.\n\nBiglietti.",
  }),
  textPassage("12", "La Grotta Grande fu decorata da Bernardo Buontalenti.", boboli, { before: "Le grotte.\n\n", after: "" }),
  textPassage("21", "Le rovine medievali di Ninfa.", {
    id: "8",
    title: "Il Giardino di Ninfa",
    filename: "ninfa.md",
    url: "https://giardini.example/ninfa",
  }),
];
const sources = [
  citedPassage({
    filename: "giardino-di-boboli.md",
    title: "Il Giardino di Boboli",
    noteNumber: 1,
    chunkId: "11",
    excerpt: "Il giardino apre alle 8:15…",
    support: { cited: true, confidence: null },
  }),
  citedPassage({
    filename: "giardino-di-boboli.md",
    title: "Il Giardino di Boboli",
    noteNumber: 1,
    chunkId: "12",
    excerpt: "La Grotta Grande…",
    support: { cited: true, confidence: null },
  }),
  citedPassage({
    filename: "ninfa.md",
    title: "Il Giardino di Ninfa",
    url: "https://giardini.example/ninfa",
    noteNumber: 2,
    chunkId: "21",
    excerpt: "Le rovine…",
    support: { cited: true, confidence: null },
  }),
];

function renderWithViewer(events: StreamChunk[], table = passages) {
  const world = scriptedWorld([events]);
  const server = scriptedViewer(table);
  const session = createRagSession({ ...world.dependencies, settings: defaultSettings });
  const viewer = createSourceViewer(server.dependencies);
  render(
    <RagScreen
      session={session}
      indexes={[{ name: "gardenroute-demo", label: "Garden Route" }]}
      renderCard={() => null}
      updatedAt={null}
      version={1}
      sourceViewer={{ viewer, loadPdfRenderer: () => Promise.reject(new Error("nessun PDF in questi test")) }}
    />,
  );
  return { server, user: userEvent.setup() };
}

async function ask(user: ReturnType<typeof userEvent.setup>, question = "Quando apre Boboli?") {
  await user.type(screen.getByRole("textbox", { name: "Messaggio" }), `${question}{Enter}`);
  await screen.findByRole("region", { name: "Fonti utilizzate" });
}

const answer = [{ sources }, { chunk: "Apre alle 8:15 [1]. Le rovine sono a Ninfa [2]." }, { sources }];

describe("the source viewer", () => {
  test("[1] opens its document: title, file name, the passage highlighted in its text; the next passage; Escape lands back on [1]", async () => {
    const { user, server } = renderWithViewer(answer);
    await ask(user);
    const citation = (await screen.findAllByRole("link", { name: "Fonte 1" }))[0]!;
    await user.click(citation);
    const viewer = await screen.findByRole("dialog", { name: "Il Giardino di Boboli" });
    expect(await within(viewer).findByText("File: giardino-di-boboli.md")).toBeVisible();
    expect(await within(viewer).findByText("Il giardino apre alle 8:15 da giugno ad agosto.", { selector: "mark" })).toBeVisible();
    // Its surroundings, as paragraphs, not highlighted.
    expect(within(viewer).getByText("Boboli è il giardino di Palazzo Pitti.")).toBeVisible();
    expect(within(viewer).getByText(/In inverno chiude alle 16:30/).tagName).toBe("P");
    // A screen reader hears where the passage starts and ends.
    expect(within(viewer).getByText("Inizio del passaggio citato:")).toHaveClass("oy-visually-hidden");
    // The demo's documents have no address: no link to an original.
    expect(within(viewer).queryByRole("link", { name: /Apri l'originale/ })).toBeNull();
    // The focus is in the viewer.
    expect(viewer).toContainElement(document.activeElement as HTMLElement);

    const passagesNav = within(viewer).getByRole("navigation", { name: "Passaggi citati di questo documento" });
    expect(passagesNav).toHaveTextContent("Passaggio 1 di 2");
    expect(within(passagesNav).getByRole("button", { name: "Passaggio precedente" })).toHaveAttribute("aria-disabled", "true");
    await user.click(within(passagesNav).getByRole("button", { name: "Passaggio successivo" }));
    expect(passagesNav).toHaveTextContent("Passaggio 2 di 2");
    expect(await within(viewer).findByText("La Grotta Grande fu decorata da Bernardo Buontalenti.", { selector: "mark" })).toBeVisible();
    // At the last passage its button says so, and keeps the focus (Escape still closes).
    const next = within(passagesNav).getByRole("button", { name: "Passaggio successivo" });
    expect(next).toHaveAttribute("aria-disabled", "true");
    expect(next).toHaveFocus();
    await user.click(next);
    expect(passagesNav).toHaveTextContent("Passaggio 2 di 2");

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(citation).toHaveFocus();
    // Only the passages opened were asked for, by their ids: nothing of the conversation.
    expect(server.calls).toEqual(["passage 11", "passage 12"]);
  });

  test("issue 52 §6: [n] of a document whose passages were cited and consulted steps through all of them ('Passaggio k di m'), the consulted one said so; from either entry of the list too", async () => {
    // lavanda.md is the answer's third document: one passage cited, one read and not cited (as the
    // list shows it, folded under the document). Before, [3] opened 'Passaggio 1 di 1' and the
    // other passage could not be reached from the viewer.
    const lavanda = { id: "30", title: "La lavanda in giardino", filename: "lavanda.md" };
    const table = [
      ...passages,
      textPassage("31", "Il taglio principale si fa subito dopo la fioritura.", lavanda),
      textPassage("32", "Non bisogna mai tagliare nel legno vecchio e spoglio.", lavanda),
    ];
    const withLavanda = [
      ...sources,
      citedPassage({
        filename: "lavanda.md",
        title: lavanda.title,
        noteNumber: 3,
        chunkId: "31",
        excerpt: "Il taglio principale…",
        support: { cited: true, confidence: 0.7 },
      }),
      citedPassage({
        filename: "lavanda.md",
        title: lavanda.title,
        noteNumber: 3,
        chunkId: "32",
        excerpt: "Non bisogna mai tagliare…",
        support: { cited: false, confidence: null },
      }),
    ];
    const { user, server } = renderWithViewer(
      [{ sources: withLavanda }, { chunk: "Si pota dopo la fioritura [3]. Mai nel legno vecchio [3]." }, { sources: withLavanda }],
      table,
    );
    await ask(user, "Quando si pota la lavanda?");
    for (const citation of screen.getAllByRole("link", { name: "Fonte 3" })) {
      await user.click(citation);
      const viewer = await screen.findByRole("dialog", { name: "La lavanda in giardino" });
      const passagesNav = within(viewer).getByRole("navigation", { name: "Passaggi citati di questo documento" });
      expect(passagesNav).toHaveTextContent("Passaggio 1 di 2");
      expect(await within(viewer).findByText("Il taglio principale si fa subito dopo la fioritura.", { selector: "mark" })).toBeVisible();
      expect(within(viewer).queryByText("Passaggio consultato per la risposta, non citato nel testo.")).toBeNull();
      await user.click(within(passagesNav).getByRole("button", { name: "Passaggio successivo" }));
      expect(passagesNav).toHaveTextContent("Passaggio 2 di 2");
      expect(await within(viewer).findByText("Non bisogna mai tagliare nel legno vecchio e spoglio.", { selector: "mark" })).toBeVisible();
      expect(within(viewer).getByText("Passaggio consultato per la risposta, non citato nel testo.")).toBeVisible();
      await user.keyboard("{Escape}");
      expect(citation).toHaveFocus();
    }
    // The folded passage under the document opens at its place among the two.
    const list = screen.getByRole("region", { name: "Fonti utilizzate" });
    await user.click(within(list).getByRole("button", { name: /Apri il passaggio 2 di 2 nel visualizzatore delle fonti: Non bisogna/ }));
    const viewer = await screen.findByRole("dialog", { name: "La lavanda in giardino" });
    expect(within(viewer).getByRole("navigation", { name: "Passaggi citati di questo documento" })).toHaveTextContent("Passaggio 2 di 2");
    expect(server.calls).toEqual(["passage 31", "passage 32"]);
  });

  test("Enter on a citation opens it too; the close button closes it; Tab stays inside", async () => {
    const { user } = renderWithViewer(answer);
    await ask(user);
    const citation = screen.getByRole("link", { name: "Fonte 2" });
    citation.focus();
    await user.keyboard("{Enter}");
    const viewer = await screen.findByRole("dialog", { name: "Il Giardino di Ninfa" });
    // The owner gave a real address: the link to the original, in a new tab.
    const original = await within(viewer).findByRole("link", { name: "Apri l'originale (si apre in una nuova scheda)" });
    expect(original).toHaveAttribute("href", "https://giardini.example/ninfa");
    expect(original).toHaveAttribute("target", "_blank");
    for (let step = 0; step < 6; step += 1) {
      await user.tab();
      expect(viewer).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(within(viewer).getByRole("button", { name: "Chiudi" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(citation).toHaveFocus();
  });

  test("the sources list opens a document at its first passage, or at the passage chosen", async () => {
    const { user } = renderWithViewer(answer);
    await ask(user);
    const list = screen.getByRole("region", { name: "Fonti utilizzate" });
    const second = within(list).getByRole("button", { name: /Apri il passaggio 2 di 2 nel visualizzatore delle fonti/ });
    await user.click(second);
    const viewer = await screen.findByRole("dialog", { name: "Il Giardino di Boboli" });
    expect(within(viewer).getByRole("navigation", { name: "Passaggi citati di questo documento" })).toHaveTextContent("Passaggio 2 di 2");
    expect(await within(viewer).findByText(/La Grotta Grande/, { selector: "mark" })).toBeVisible();
    await user.keyboard("{Escape}");
    expect(second).toHaveFocus();
    await user.click(within(list).getByRole("button", { name: "Apri Il Giardino di Boboli nel visualizzatore delle fonti" }));
    expect(await screen.findByText(/Il giardino apre alle 8:15/, { selector: "mark" })).toBeVisible();
  });

  test("a source without any address is listed and opens (the spec's http rule is for screens without a viewer)", async () => {
    const { user } = renderWithViewer(answer);
    await ask(user);
    const list = screen.getByRole("region", { name: "Fonti utilizzate" });
    expect(within(list).getByRole("button", { name: "Apri Il Giardino di Boboli nel visualizzatore delle fonti" })).toBeVisible();
    expect(within(list).getByRole("link", { name: "Apri l'originale (si apre in una nuova scheda)" })).toHaveAttribute(
      "href",
      "https://giardini.example/ninfa",
    );
  });

  test("issue 34: a slide's passage says which slide it is on; an e-mail's shows its header above it", async () => {
    const slides = { id: "9", title: "Riunione dei soci", filename: "soci.pptx" };
    const mail = { id: "10", title: "Rinvio udienza Ferretti", filename: "rinvio.eml" };
    const table = [
      { ...textPassage("11", "Nomina del nuovo socio: avvocata Giulia Marchetti", slides), place: "Diapositiva 2" },
      {
        ...textPassage("21", "Il giudice ha rinviato l'udienza al 3 febbraio 2027.", mail),
        email: {
          subject: "Rinvio udienza Ferretti",
          from: "Avv. Paolo Greco <paolo.greco@studiogreco.example>",
          to: "Segreteria",
          date: "10 novembre 2026 alle ore 09:30",
        },
      },
    ];
    const cited = [
      citedPassage({
        filename: "soci.pptx",
        title: "Riunione dei soci",
        noteNumber: 1,
        chunkId: "11",
        support: { cited: true, confidence: null },
      }),
      citedPassage({
        filename: "rinvio.eml",
        title: "Rinvio udienza Ferretti",
        noteNumber: 2,
        chunkId: "21",
        support: { cited: true, confidence: null },
      }),
    ];
    const { user } = renderWithViewer(
      [{ sources: cited }, { chunk: "La nuova socia [1]; l'udienza è rinviata [2]." }, { sources: cited }],
      table,
    );
    await ask(user, "Chi è la nuova socia?");
    await user.click(screen.getAllByRole("link", { name: "Fonte 1" })[0]!);
    const slide = await screen.findByRole("dialog", { name: "Riunione dei soci" });
    expect(await within(slide).findByText("Diapositiva 2")).toBeVisible();
    await user.keyboard("{Escape}");
    await user.click(screen.getAllByRole("link", { name: "Fonte 2" })[0]!);
    const email = await screen.findByRole("dialog", { name: "Rinvio udienza Ferretti" });
    const header = await within(email).findByLabelText("Intestazione dell'e-mail");
    expect(within(header).getByText("Da")).toBeVisible();
    expect(within(header).getByText("Avv. Paolo Greco <paolo.greco@studiogreco.example>")).toBeVisible();
    expect(within(header).getByText("10 novembre 2026 alle ore 09:30")).toBeVisible();
    expect(within(header).getByText("Rinvio udienza Ferretti")).toBeVisible();
  });

  test("a passage that is gone says so in Italian", async () => {
    const { user } = renderWithViewer(answer, passages.slice(1));
    await ask(user);
    await user.click(screen.getAllByRole("link", { name: "Fonte 1" })[0]!);
    const viewer = await screen.findByRole("dialog", { name: "Il Giardino di Boboli" });
    expect(
      await within(viewer).findByText("Questa fonte non è più disponibile: il documento potrebbe essere stato rimosso dall'indice."),
    ).toBeVisible();
  });

  test("hostile titles, file names and passages stay text: no element, no handler, no address is made of them", async () => {
    // The shared list of payloads (../shared/security/xss-payloads.txt).
    const payloads = xssPayloads;
    const hostile = payloads.map((payload, index) =>
      textPassage(
        String(500 + index),
        `${payload} fine`,
        { id: String(900 + index), title: payload, filename: `${payload}.md` },
        { before: `${payload}\n\n`, after: `\n\n${payload}` },
      ),
    );
    const listed = hostile.map((passage, index) =>
      citedPassage({
        filename: passage.document.filename,
        title: passage.document.title,
        noteNumber: index + 1,
        chunkId: passage.chunkId,
        excerpt: passage.text,
        support: { cited: true, confidence: null },
      }),
    );
    const { user } = renderWithViewer(
      [{ sources: listed }, { chunk: listed.map((source) => `[${source.noteNumber}]`).join(" ") }, { sources: listed }],
      hostile,
    );
    await ask(user);
    for (const [index, payload] of payloads.entries()) {
      await user.click(screen.getAllByRole("link", { name: `Fonte ${index + 1}` })[0]!);
      const viewer = await screen.findByRole("dialog");
      await within(viewer).findByText(`${payload} fine`, { selector: "mark", normalizer: (text) => text });
      expect(viewer.querySelector(".oy-dialog__title")?.textContent).toBe(payload);
      expect(viewer.textContent).toContain(`File: ${payload}.md`);
      expect(
        viewer.querySelectorAll(
          "script, img, svg, iframe, object, embed, form, input, style, link, meta, base, video, picture, math, template, details[ontoggle]",
        ),
      ).toHaveLength(0);
      for (const element of viewer.querySelectorAll("*")) {
        expect(
          [...element.attributes].filter((attribute) => /^on/i.test(attribute.name) || /javascript:|exfil/i.test(attribute.value)),
        ).toEqual([]);
      }
      await user.keyboard("{Escape}");
      await act(settle);
    }
  }, 60_000);
});
