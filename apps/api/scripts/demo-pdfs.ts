// `pnpm --filter @oystar/api demo-pdfs`: writes the demo index's PDFs (apps/api/rag-demo/*.pdf)
// from their texts in scripts/demo-pdfs/*.txt (issue 25: a new user sees the source viewer's
// page view too). The same text always gives the same bytes (a fixed date and file id), so the
// demo index does not re-read them at every start.
//
// A text: `title:` and `subtitle:` lines, then `# ` the heading printed on the first page, `## `
// section headings, paragraphs one to a line, and `<<<pagina>>>` where a new page begins.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { jsPDF } from "jspdf";

const sources = fileURLToPath(new URL("./demo-pdfs/", import.meta.url));
const demo = fileURLToPath(new URL("../rag-demo/", import.meta.url));

const PAGE = { margin: 22, body: 11, line: 6 } as const;

function writePdf(source: string): Uint8Array {
  const lines = source.split("\n");
  const field = (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1).trim() ?? "";
  const doc = new jsPDF({ unit: "mm", format: "a4", compress: true });
  doc.setProperties({ title: field("title"), subject: field("subtitle"), author: "OYSTAR", creator: "OYSTAR" });
  doc.setCreationDate(new Date(Date.UTC(2026, 10, 1)));
  doc.setFileId(createHash("md5").update(source).digest("hex").toUpperCase());
  const width = doc.internal.pageSize.getWidth() - PAGE.margin * 2;
  let y = PAGE.margin;
  const write = (text: string, size: number, style: "normal" | "bold" | "italic", after: number) => {
    doc.setFont("helvetica", style).setFontSize(size);
    for (const line of doc.splitTextToSize(text, width) as string[]) {
      doc.text(line, PAGE.margin, y);
      y += PAGE.line * (size / PAGE.body);
    }
    y += after;
  };
  for (const line of lines) {
    if (/^(title|subtitle):/.test(line) || !line.trim()) continue;
    if (line === "<<<pagina>>>") {
      doc.addPage();
      y = PAGE.margin;
    } else if (line.startsWith("# ")) {
      write(line.slice(2), 20, "bold", 1);
      write(field("subtitle"), 13, "italic", 6);
    } else if (line.startsWith("## ")) {
      write(line.slice(3), 14, "bold", 1);
    } else {
      write(line, PAGE.body, "normal", 3);
    }
  }
  return new Uint8Array(doc.output("arraybuffer"));
}

for (const file of readdirSync(sources).filter((name) => name.endsWith(".txt")).sort()) {
  const target = `${demo}${file.replace(/\.txt$/, ".pdf")}`;
  writeFileSync(target, writePdf(readFileSync(`${sources}${file}`, "utf8")));
  console.info(`rag-demo/${file.replace(/\.txt$/, ".pdf")}`);
}
