// Builds paragraphs.jsonl, the corpus of the Debian evaluation set (README.md beside this file),
// from Debian's `debian-reference-it` and `manpages-it` packages. Not run by CI (the output is
// committed); to rebuild it on a Debian machine:
//   apt-get download debian-reference-it manpages-it
//   for f in *.deb; do dpkg-deb -x "$f" root; done
//   node apps/api/rag-eval/debian-it/extract.mjs root > apps/api/rag-eval/debian-it/paragraphs.jsonl
// (man and groff render the manual pages.)
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const { parse } = createRequire(new URL("../../package.json", import.meta.url))("node-html-parser");
const root = process.argv[2];
if (!root) throw new Error("usage: extract.mjs EXTRACTED_DEB_ROOT");

/** Paragraphs shorter than this are steps or captions, not reading-comprehension passages. */
const MIN_WORDS = 25;
/** Italian function words: a paragraph with few of them is code, a table or English. */
const ITALIAN = new Set(
  "il lo la i gli le un una di da in con su per tra fra che non si è sono del della dei delle nel nella al alla e o ma come anche questo questa può essere viene".split(
    " ",
  ),
);

const flat = (text) => text.replace(/\s+/g, " ").trim();
const words = (text) => text.split(/\s+/).filter(Boolean);
const italianShare = (text) => words(text.toLowerCase()).filter((word) => ITALIAN.has(word)).length / Math.max(1, words(text).length);
const ENGLISH = new Set("the of and to is if are a an be by with this that for or not as from it which when".split(" "));
const englishShare = (text) => words(text.toLowerCase()).filter((word) => ENGLISH.has(word)).length / Math.max(1, words(text).length);
const keep = (text) => words(text).length >= MIN_WORDS && italianShare(text) >= 0.12 && englishShare(text) < italianShare(text) / 3;

const paragraphs = [];
const seen = new Set();
function add(topic, documentTitle, section, text, source) {
  const clean = flat(text);
  const key = createHash("sha256").update(clean).digest("hex");
  if (!keep(clean) || seen.has(key)) return;
  seen.add(key);
  paragraphs.push({ topic, title: section ? `${documentTitle}: ${section}` : documentTitle, text: clean, source });
}

// Debian Reference: one topic per chapter; each <p> under its nearest section heading.
const referenceDir = join(root, "usr/share/debian-reference");
for (const file of readdirSync(referenceDir)
  .filter((name) => /^(pr01|ch\d\d|apa)\.it\.html$/.test(name))
  .sort()) {
  const page = parse(readFileSync(join(referenceDir, file), "utf8"));
  const chapter = flat(page.querySelector("h1")?.text ?? file);
  let section = "";
  for (const element of page.querySelectorAll("h2, h3, h4, p")) {
    if (element.tagName !== "P") section = flat(element.text);
    else
      add(
        `debian-reference/${file.replace(".it.html", "")}`,
        `Debian Reference, ${chapter}`,
        section,
        element.text,
        `debian-reference-it 2.100, ${file}`,
      );
  }
}

// Manual pages: one topic per page (bash's, 50,000 words, one per top-level section). Rendered
// on one line per paragraph; an entry of a list (a term, then its description indented) is one
// paragraph.
const manDir = join(root, "usr/share/man/it");
const duplicates = new Set(["rbash.1", "bash-builtins.7", "re_format.7"]);
for (const directory of readdirSync(manDir).sort()) {
  for (const file of readdirSync(join(manDir, directory)).sort()) {
    const page = file.replace(/\.gz$/, "");
    if (duplicates.has(page)) continue;
    const text = execFileSync("man", ["-l", "-E", "UTF-8", join(manDir, directory, file)], {
      env: { ...process.env, MANWIDTH: "2000", MAN_KEEP_FORMATTING: "" },
      encoding: "utf8",
    })
      // Overstrike (bold and underline as «x\bx»): keep the letter only.
      .replaceAll(new RegExp(`.${String.fromCharCode(8)}`, "gu"), "");
    const name = page.replace(/\.(\d)$/, "($1)");
    let heading = "";
    let current = null;
    const flush = () => {
      if (current)
        add(
          page === "bash.1"
            ? `man/bash.1/${heading
                .toLowerCase()
                .replace(/[^\p{L}\p{N}]+/gu, "-")
                .replace(/-$/, "")}`
            : `man/${page}`,
          `Manuale ${name}`,
          heading,
          current,
          `manpages-it 4.18.1, ${directory}/${file}`,
        );
      current = null;
    };
    for (const line of text.split("\n")) {
      const indent = line.search(/\S/);
      if (indent === -1) continue;
      if (indent === 0) {
        flush();
        if (!/^\S+\(\d\)/.test(line))
          heading = flat(line)
            .toLowerCase()
            .replace(/^./, (letter) => letter.toUpperCase());
      } else if (indent <= 7) {
        flush();
        current = line;
      } else if (current !== null) current += ` ${line}`;
    }
    flush();
  }
}

// The development and test halves, decided here once, before any tuning: whole topics (a chapter,
// a manual page, a section of bash's) go to one half, in the order of their names' SHA-256, each
// to the half that has fewer paragraphs so far. No topic has paragraphs in both halves.
const sizes = new Map();
for (const paragraph of paragraphs) sizes.set(paragraph.topic, (sizes.get(paragraph.topic) ?? 0) + 1);
const digest = (topic) => createHash("sha256").update(topic).digest("hex");
const halfOf = new Map();
const filled = { dev: 0, test: 0 };
for (const topic of [...sizes.keys()].sort((left, right) => digest(left).localeCompare(digest(right)))) {
  const half = filled.dev <= filled.test ? "dev" : "test";
  halfOf.set(topic, half);
  filled[half] += sizes.get(topic);
}
for (const [position, paragraph] of paragraphs.entries()) {
  process.stdout.write(
    `${JSON.stringify({ id: `p${String(position + 1).padStart(4, "0")}`, half: halfOf.get(paragraph.topic), ...paragraph })}\n`,
  );
}
