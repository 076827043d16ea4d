import { expect, test } from "vitest";
import { documentText } from "./document-text";
import { UnsupportedDocumentError } from "./unsupported-document";

const bytes = (text: string) => new TextEncoder().encode(text);

test("Markdown: title and url from the front matter, markup removed, the opening heading not repeated", async () => {
  const markdown =
    '---\ntitle: "Villa Aurora"\nurl: https://esempi.oystar.test/villa\n---\n\n# Villa Aurora\n\nUn **giardino** a [terrazze](https://x.test).\n\n## Fontane\n\n- Dodici fontane\n';
  expect(await documentText("villa.md", bytes(markdown))).toEqual({
    title: "Villa Aurora",
    url: "https://esempi.oystar.test/villa",
    text: "Un giardino a terrazze.\n\nFontane\n\n- Dodici fontane",
  });
});

test("HTML: the page title and its readable text, without scripts, styles or navigation", async () => {
  const html =
    "<html><head><title>Orto &amp; Serre</title><style>p{}</style></head><body><nav>Menu</nav><main><h1>Orto</h1><p>Fondato nel 1545.</p><script>alert(1)</script><p>Tremila specie.</p></main></body></html>";
  const page = await documentText("orto.html", bytes(html), "https://esempi.oystar.test/orto");
  expect(page.title).toBe("Orto & Serre");
  expect(page.url).toBe("https://esempi.oystar.test/orto");
  expect(page.text).toBe("Orto\n\nFondato nel 1545.\n\nTremila specie.");
});

test("plain text takes its title from the file name; other formats are refused in Italian", async () => {
  expect(await documentText("note_di-visita.txt", bytes("Testo."))).toEqual({ title: "note di visita", url: null, text: "Testo." });
  await expect(documentText("foto.jpg", bytes("x"))).rejects.toThrow(UnsupportedDocumentError);
  await expect(documentText("archivio/foto.jpg", bytes("x"))).rejects.toThrow(
    /^«foto\.jpg» non è stato indicizzato: formato non supportato \(si leggono \.md, .*\.docx, .*\.rtf, .*\.eml, \.csv\)\. Salvalo in uno di questi formati e caricalo di nuovo\.$/,
  );
});
