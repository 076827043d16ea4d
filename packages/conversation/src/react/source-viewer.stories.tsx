import type { CitedPassage, RagPassage } from "@oystar/api-client";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { jsPDF } from "jspdf";
import { useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { conversationMessages } from "../messages";
import type { LoadPdfRenderer } from "../pdf-renderer";
import { createSourceViewer, viewerDocument } from "../source-viewer";
import { citedPassage } from "../testing/cited-passage";
import { scriptedViewer, textPassage } from "../testing/scripted-viewer";
import { SourceViewerProvider, useOpenSource } from "./source-viewer";

// Issue 25, the source viewer: cited passages — a RAG answer's sources, a debate turn's passages
// (issue 38 §1) — open where they stand, highlighted in their document, a PDF at its page (pdf.js,
// as the assistant loads it). The screens' own lists open it in their stories (rag-client's
// RagAnswer); here a plain list of documents and passages does.

const loadPdfjs: LoadPdfRenderer = async () => {
  const [pdfjs, worker] = await Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
};

/** A three-page guide: the cited sentence on page 2. */
function guidePdf(): Uint8Array {
  const pdf = new jsPDF();
  pdf.setFontSize(14).text("Fotografare i giardini", 20, 25);
  pdf.setFontSize(11).text("Le ore migliori sono quelle vicine all'alba e al tramonto.", 20, 40);
  pdf.addPage();
  pdf.setFontSize(14).text("Le regole dei giardini", 20, 25);
  pdf
    .setFontSize(11)
    .text(
      [
        "In molti giardini storici il cavalletto è vietato o richiede un permesso.",
        "Il drone è in genere vietato sopra i visitatori senza un'autorizzazione.",
      ],
      20,
      40,
    );
  pdf.addPage();
  pdf.setFontSize(11).text("Un giardino formale si fotografa bene dall'alto.", 20, 25);
  return new Uint8Array(pdf.output("arraybuffer"));
}

/** Issue 34: a sign photographed or scanned — only a picture of its text — and where each word stands on it, as OCR reads it. */
const SIGN_LINES = ["Limonaia di Villa Aurora", "La limonaia riapre alle visite", "il primo maggio alle ore 10."];
function scannedSign(): { bytes: Uint8Array; words: NonNullable<RagPassage["ocrWords"]> } {
  const picture = document.createElement("canvas");
  picture.width = 1240;
  picture.height = 1754;
  const context = picture.getContext("2d")!;
  context.fillStyle = "#fff";
  context.fillRect(0, 0, picture.width, picture.height);
  context.fillStyle = "#111";
  context.font = "56px serif";
  context.textBaseline = "alphabetic";
  const words: NonNullable<RagPassage["ocrWords"]> = [];
  SIGN_LINES.forEach((line, row) => {
    const baseline = 240 + row * 110;
    let left = 120;
    for (const word of line.split(" ")) {
      const size = context.measureText(word);
      context.fillText(word, left, baseline);
      const top = baseline - size.actualBoundingBoxAscent;
      const height = size.actualBoundingBoxAscent + size.actualBoundingBoxDescent;
      words.push({
        text: word,
        left: left / picture.width,
        top: top / picture.height,
        width: size.width / picture.width,
        height: height / picture.height,
      });
      left += size.width + context.measureText(" ").width;
    }
  });
  const pdf = new jsPDF();
  pdf.addImage(picture.toDataURL("image/png"), "PNG", 0, 0, 210, 297);
  return { bytes: new Uint8Array(pdf.output("arraybuffer")), words };
}

const boboli = { id: "7", title: "Il Giardino di Boboli a Firenze", filename: "giardino-di-boboli-firenze.md" };
const visit = { id: "10", title: "Conferma della visita guidata", filename: "visita-guidata.eml" };
const guide = { id: "9", title: "Fotografare i giardini", filename: "fotografare-i-giardini.pdf", format: "pdf" as const, pages: 3 };
const sign = { id: "5", title: "Cartello della limonaia", filename: "cartello-della-limonaia.pdf", format: "pdf" as const, pages: 1 };
const scan = scannedSign();
const passages = [
  textPassage(
    "11",
    "Il giardino apre alle 8:15 e chiude a un'ora che cambia con le stagioni, dalle 16:30 d'inverno alle 19:10 d'estate.",
    boboli,
    {
      before:
        "Il Giardino di Boboli si stende alle spalle di Palazzo Pitti, sulla collina tra il palazzo e il Forte di Belvedere.\n\nOrari e biglietti\n\n",
      after: " L'ultimo ingresso è un'ora prima della chiusura.\n\nLa Grotta Grande\n\nLa grotta fu costruita tra il 1583 e il 1593.",
    },
  ),
  textPassage(
    "12",
    "La Grotta Grande, costruita da Bernardo Buontalenti tra il 1583 e il 1593, ospitava un tempo i Prigioni di Michelangelo.",
    boboli,
    {
      before: "La Grotta Grande\n\n",
      after: "\n\nL'Isolotto\n\nUn'isola ovale al centro di una grande vasca.",
    },
  ),
  { ...textPassage("31", "In molti giardini storici il cavalletto è vietato o richiede un permesso.", guide), page: 2 },
  {
    ...textPassage("41", "La visita guidata è confermata per sabato 14 novembre alle ore 10, con ingresso da via Micheli.", visit, {
      before: "Buongiorno,\n\n",
      after: "",
    }),
    email: {
      subject: "Conferma della visita guidata",
      from: "Ufficio visite <visite@giardini.example>",
      to: "Gruppo FAI Firenze <gruppo@fai.example>",
      date: "2 novembre 2026 alle ore 10:15",
    },
  },
  {
    ...textPassage("51", "La limonaia riapre alle visite il primo maggio alle ore 10.", sign, {
      before: "Limonaia di Villa Aurora\n",
      after: "",
    }),
    page: 1,
    ocrWords: scan.words,
  },
];
const sources = [
  citedPassage({
    filename: boboli.filename,
    title: boboli.title,
    noteNumber: 1,
    chunkId: "11",
    excerpt: "Il giardino apre alle 8:15…",
    support: { cited: true, confidence: null },
  }),
  citedPassage({
    filename: boboli.filename,
    title: boboli.title,
    noteNumber: 1,
    chunkId: "12",
    excerpt: "La Grotta Grande, costruita da Bernardo Buontalenti…",
    support: { cited: true, confidence: null },
  }),
  citedPassage({
    filename: guide.filename,
    title: guide.title,
    noteNumber: 2,
    chunkId: "31",
    page: 2,
    excerpt: "In molti giardini storici il cavalletto…",
    support: { cited: true, confidence: null },
  }),
  citedPassage({
    filename: visit.filename,
    title: visit.title,
    noteNumber: 3,
    chunkId: "41",
    excerpt: "La visita guidata è confermata…",
    support: { cited: true, confidence: null },
  }),
  citedPassage({
    filename: sign.filename,
    title: sign.title,
    noteNumber: 4,
    chunkId: "51",
    page: 1,
    excerpt: "La limonaia riapre alle visite il primo maggio…",
    support: { cited: true, confidence: null },
  }),
];

const text = conversationMessages.viewer;

/** Each document of the passages, and each of its passages, as a button that opens it in the viewer. */
function PassageOpeners({ passages }: { passages: readonly CitedPassage[] }) {
  const openSource = useOpenSource();
  const byDocument = new Map<string, CitedPassage[]>();
  for (const passage of passages) byDocument.set(passage.document, [...(byDocument.get(passage.document) ?? []), passage]);
  const documents = [...byDocument.values()];
  return (
    <ul>
      {documents.map((inDocument) => {
        const lead = inDocument[0]!;
        const opened = viewerDocument(lead, inDocument);
        return (
          <li key={lead.document}>
            <button
              type="button"
              aria-label={text.openDocument(lead.title)}
              onClick={(event) => openSource?.(opened, 0, event.currentTarget)}
            >
              {lead.title}
            </button>
            <ul>
              {inDocument.map((passage, position) => (
                <li key={passage.chunkId}>
                  <button type="button" onClick={(event) => openSource?.(opened, position, event.currentTarget)}>
                    <span className="oy-visually-hidden">{`${text.openPassage(position + 1, inDocument.length)}: `}</span>
                    {passage.excerpt}
                  </button>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

function ViewerDemo() {
  const [viewer] = useState(() => createSourceViewer(scriptedViewer(passages, { "9": guidePdf(), "5": scan.bytes }).dependencies));
  return (
    <div style={{ maxWidth: 720 }}>
      <SourceViewerProvider viewer={viewer} loadPdfRenderer={loadPdfjs}>
        <PassageOpeners passages={sources} />
      </SourceViewerProvider>
    </div>
  );
}

const meta = {
  title: "conversation/SourceViewer",
  component: ViewerDemo,
  parameters: { layout: "fullscreen" },
} satisfies Meta<typeof ViewerDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

const screen = () => within(document.body);

/** A document opens at its first passage; 'Passaggio successivo' moves to the second; Escape gives the focus back to what opened it. */
export const DocumentOpensAtItsPassage: Story = {
  play: async ({ canvasElement }) => {
    const opener = await within(canvasElement).findByRole("button", {
      name: "Apri Il Giardino di Boboli a Firenze nel visualizzatore delle fonti",
    });
    await userEvent.click(opener);
    const viewer = await screen().findByRole("dialog", { name: "Il Giardino di Boboli a Firenze" });
    await expect(await within(viewer).findByText(/Il giardino apre alle 8:15/, { selector: "mark" })).toBeVisible();
    await expect(within(viewer).getByText("File: giardino-di-boboli-firenze.md")).toBeVisible();
    await userEvent.click(within(viewer).getByRole("button", { name: "Passaggio successivo" }));
    await expect(
      await within(viewer).findByText(/La Grotta Grande, costruita da Bernardo Buontalenti/, { selector: "mark" }),
    ).toBeVisible();
    await expect(within(viewer).getByRole("navigation", { name: "Passaggi citati di questo documento" })).toHaveTextContent(
      "Passaggio 2 di 2",
    );
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** A PDF source: its page drawn by pdf.js, the passage highlighted in the page's text layer. */
export const PdfAtItsPage: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole("button", { name: "Apri Fotografare i giardini nel visualizzatore delle fonti" }),
    );
    const viewer = await screen().findByRole("dialog", { name: "Fotografare i giardini" });
    // The page's navigation comes once the document has loaded (a spinner until then).
    await expect(await within(viewer).findByRole("navigation", { name: "Pagine del documento" })).toHaveTextContent("Pagina 2 di 3");
    await waitFor(() => expect(viewer.querySelector(".textLayer mark")).toHaveTextContent(/cavalletto/), { timeout: 15_000 });
  },
};

/** The viewer left open on a passage in its text (what the accessibility check reads). */
export const PassageInItsText: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole("button", { name: /Apri il passaggio 2 di 2 nel visualizzatore delle fonti/ }),
    );
    const viewer = await screen().findByRole("dialog", { name: "Il Giardino di Boboli a Firenze" });
    await expect(
      await within(viewer).findByText(/La Grotta Grande, costruita da Bernardo Buontalenti/, { selector: "mark" }),
    ).toBeVisible();
    await expect(within(viewer).getByRole("button", { name: "Passaggio successivo" })).toHaveAttribute("aria-disabled", "true");
  },
};

/** Issue 34: an e-mail's passage, with who wrote it, to whom, when and about what above it. */
export const EmailWithItsHeader: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole("button", { name: "Apri Conferma della visita guidata nel visualizzatore delle fonti" }),
    );
    const viewer = await screen().findByRole("dialog", { name: "Conferma della visita guidata" });
    const header = await within(viewer).findByLabelText("Intestazione dell'e-mail");
    await expect(within(header).getByText("Ufficio visite <visite@giardini.example>")).toBeVisible();
    await expect(within(header).getByText("2 novembre 2026 alle ore 10:15")).toBeVisible();
    await expect(await within(viewer).findByText(/La visita guidata è confermata/, { selector: "mark" })).toBeVisible();
  },
};

/** Issue 34: a scanned page drawn as its picture, the passage highlighted on it with the boxes of the words OCR read there. */
export const ScannedPageHighlighted: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole("button", { name: "Apri Cartello della limonaia nel visualizzatore delle fonti" }),
    );
    const viewer = await screen().findByRole("dialog", { name: "Cartello della limonaia" });
    await expect(await within(viewer).findByRole("navigation", { name: "Pagine del documento" })).toHaveTextContent("Pagina 1 di 1");
    // The passage's eleven words are marked, the sign's title line is not.
    await waitFor(() => expect(viewer.querySelectorAll(".rag-viewer__scan-mark")).toHaveLength(11), { timeout: 10_000 });
    const page = viewer.querySelector(".rag-viewer__page")!.getBoundingClientRect();
    const first = viewer.querySelector(".rag-viewer__scan-mark")!.getBoundingClientRect();
    // «La», the second line's first word, where it stands on the picture.
    const la = scan.words.find((word) => word.text === "La")!;
    await expect(Math.round(((first.left - page.left) / page.width) * 100)).toBe(Math.round(la.left * 100));
    await expect(Math.round(((first.top - page.top) / page.height) * 100)).toBe(Math.round(la.top * 100));
    await expect(within(viewer).queryByText(/Il passaggio non è stato ritrovato/)).toBeNull();
  },
};
