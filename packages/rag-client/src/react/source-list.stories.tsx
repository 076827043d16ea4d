import { citedPassage } from "@oystar/conversation/testing";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { shownSources } from "../citations";
import { storyCheckedSources, storySources } from "../testing/story-world";
import { SourceList } from "./source-list";

// What an answer lists: its sources with an http(s) address (spec 001 §5), one entry per document
// (issue 23 §5), each cited passage with its citation check.
const sources = shownSources(storyCheckedSources);

const boboli = {
  filename: "giardino-di-boboli.md",
  url: "https://giardini.example/boboli",
  title: "Il Giardino di Boboli a Firenze",
  noteNumber: 1,
};
const ninfa = { filename: "giardino-di-ninfa.md", url: "https://giardini.example/ninfa", title: "Il Giardino di Ninfa", noteNumber: 2 };
const rose = { filename: "rose-antiche.md", url: "https://giardini.example/rose", title: "Rose antiche", noteNumber: 3 };
const documents = [
  citedPassage({
    ...boboli,
    chunkId: "11",
    excerpt: "Il giardino apre alle 8:15 e chiude a un'ora che cambia con le stagioni…",
    support: { cited: true, confidence: 0.92 },
  }),
  citedPassage({
    ...boboli,
    chunkId: "12",
    excerpt: "La Grotta Grande del Buontalenti fu completata nel 1593…",
    support: { cited: true, confidence: 0.58 },
  }),
  citedPassage({
    ...boboli,
    chunkId: "13",
    excerpt: "La limonaia ospita d'inverno gli agrumi in vaso…",
    support: { cited: false, confidence: null },
  }),
  citedPassage({
    ...ninfa,
    chunkId: "21",
    page: 2,
    excerpt: "Le rovine medievali di Ninfa sono coperte di rose rampicanti…",
    support: { cited: true, confidence: 0.14 },
  }),
  citedPassage({
    ...rose,
    chunkId: "31",
    excerpt: "Le rose antiche fioriscono una volta sola, tra maggio e giugno…",
    support: { cited: false, confidence: null },
  }),
];

const meta = {
  title: "rag-client/SourceList",
  component: SourceList,
  args: { messageId: "storia", sources, cited: new Set([1, 2]) },
  decorators: [(Story) => <div style={{ maxWidth: 640 }}>{Story()}</div>],
} satisfies Meta<typeof SourceList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Cited sources with their citation check; the passage not cited folded under them. */
export const CitedAndConsulted: Story = {};

/** One document cited by two passages: one entry, both passages under it, its third folded inside it. */
export const OneEntryPerDocument: Story = {
  args: { sources: documents, cited: new Set() },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole("region", { name: "Fonti utilizzate" });
    const entries = [...list.querySelectorAll(":scope > ol > .rag-source")];
    await expect(entries.map((entry) => entry.querySelector(".rag-source__number")?.textContent)).toEqual(["1", "2"]);
    await expect(within(entries[0] as HTMLElement).getByText("attendibilità 58 %")).toBeVisible();
    await expect(within(list).getByText("Le rose antiche fioriscono una volta sola, tra maggio e giugno…")).not.toBeVisible();
  },
};

/** An answer that cites nothing: every passage it was written from. */
export const NothingCited: Story = { args: { sources: storySources, cited: new Set() } };

/** Issue 34: a presentation's passage by its slide and a workbook's by its sheet, where a PDF's shows its page. */
export const SlidesAndSheets: Story = {
  args: {
    sources: [
      citedPassage({
        filename: "verbale-soci.pptx",
        title: "Verbale dei soci",
        noteNumber: 1,
        chunkId: "51",
        place: "Diapositiva 3",
        excerpt: "Il nuovo socio è l'avv. Chiara Rinaldi…",
        support: { cited: true, confidence: null },
      }),
      citedPassage({
        filename: "parcelle.xlsx",
        title: "Parcelle",
        noteNumber: 2,
        chunkId: "61",
        place: "Foglio «Parcelle 2026»",
        excerpt: "Cliente: Ferretti Costruzioni · Importo: 800…",
        support: { cited: true, confidence: null },
      }),
      citedPassage({
        ...ninfa,
        noteNumber: 3,
        chunkId: "21",
        page: 2,
        excerpt: "Le rovine medievali di Ninfa sono coperte di rose rampicanti…",
        support: { cited: true, confidence: null },
      }),
    ],
    cited: new Set([1, 2, 3]),
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole("region", { name: "Fonti utilizzate" });
    const places = [...list.querySelectorAll(".rag-passage__page")].map((element) => element.textContent);
    await expect(places).toEqual(["Diapositiva 3", "Foglio «Parcelle 2026»", "p. 2"]);
    await expect(within(list).getByText("Diapositiva 3")).toBeVisible();
  },
};

/** Issue 49 §4: a passage of an act is named as lawyers cite it, above its excerpt. */
export const ArticlesOfActs: Story = {
  args: {
    sources: [
      citedPassage({
        filename: "costituzione-art-21.txt",
        title: "costituzione art 21",
        noteNumber: 1,
        chunkId: "71",
        reference: "Art. 21, comma 2 — Costituzione",
        excerpt: "La stampa non può essere soggetta ad autorizzazioni o censure…",
        support: { cited: true, confidence: null },
      }),
      citedPassage({
        filename: "dlgs-196-2003-art-2-septies.txt",
        title: "dlgs 196 2003 art 2 septies",
        noteNumber: 2,
        chunkId: "81",
        reference: "Art. 2-septies — D.Lgs. 196/2003",
        excerpt: "I dati genetici, biometrici e relativi alla salute possono essere oggetto di trattamento…",
        support: { cited: true, confidence: null },
      }),
    ],
    cited: new Set([1, 2]),
  },
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole("region", { name: "Fonti utilizzate" });
    const references = [...list.querySelectorAll(".rag-passage__reference")].map((element) => element.textContent);
    await expect(references).toEqual(["Art. 21, comma 2 — Costituzione", "Art. 2-septies — D.Lgs. 196/2003"]);
    await expect(within(list).getByText("Art. 21, comma 2 — Costituzione")).toBeVisible();
  },
};
