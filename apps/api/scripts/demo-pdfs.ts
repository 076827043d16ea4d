// `pnpm --filter @oystar/api demo-pdfs`: writes the demo index's PDFs (apps/api/rag-demo/*.pdf)
// from their texts in scripts/demo-pdfs/*.txt (issue 25: a new user sees the source viewer's
// page view too). The same text always gives the same bytes (lab/rag-cli/firm-files.ts: a fixed
// date and file id), so the demo index does not re-read them at every start.
//
// A text: `title:` and `subtitle:` lines, then `# ` the heading printed on the first page, `## `
// section headings, paragraphs one to a line, and `<<<pagina>>>` where a new page begins.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { typedPdf } from "../lab/rag-cli/firm-files";

const sources = fileURLToPath(new URL("./demo-pdfs/", import.meta.url));
const demo = fileURLToPath(new URL("../rag-demo/", import.meta.url));

for (const file of readdirSync(sources)
  .filter((name) => name.endsWith(".txt"))
  .sort()) {
  const target = `${demo}${file.replace(/\.txt$/, ".pdf")}`;
  writeFileSync(target, typedPdf(readFileSync(`${sources}${file}`, "utf8")));
  console.info(`rag-demo/${file.replace(/\.txt$/, ".pdf")}`);
}
