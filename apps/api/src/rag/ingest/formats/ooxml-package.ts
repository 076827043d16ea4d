import { posix } from "node:path";
import { attribute, readXml } from "./xml-stream";
import type { ZipPackage } from "./zip-package";

// What an Office Open XML package says of itself (issue 54 §2): its main part, found by the
// package's relationships, and what that part is, by its content type — not by the file's
// extension: a workbook with macros or a template saved as «.xlsx» is still a workbook.

export type Relationship = { id: string; type: string; target: string };

/** The kinds of Office documents, by the content type of their main part. */
export type OoxmlKind = "word" | "sheet" | "binary-sheet" | "slides";

const OFFICE_DOCUMENT = /\/officeDocument$/;

/** A part's relationships (its «_rels/name.rels»), targets made whole package paths. */
export function relationshipsOf(pkg: ZipPackage, part: string): Relationship[] {
  const folder = posix.dirname(part.replace(/^\/+/, ""));
  const rels = posix.join(folder === "." ? "" : folder, "_rels", `${posix.basename(part)}.rels`);
  const found: Relationship[] = [];
  readXml(pkg, part === "" ? "_rels/.rels" : rels, {
    open: (name, attributes) => {
      if (name !== "Relationship" || attribute(attributes, "TargetMode") === "External") return;
      const target = attribute(attributes, "Target") ?? "";
      found.push({
        id: attribute(attributes, "Id") ?? "",
        type: attribute(attributes, "Type") ?? "",
        target: target.startsWith("/") ? target.slice(1) : posix.normalize(posix.join(folder === "." ? "" : folder, target)),
      });
    },
  });
  return found;
}

/** The parts a part relates to by a relationship type ending in `type` («/footnotes», «/slide»…). */
export const relatedParts = (relationships: readonly Relationship[], type: string) =>
  relationships.filter((relationship) => relationship.type.endsWith(`/${type}`)).map((relationship) => relationship.target);

/** Content types by part («/word/document.xml») and by extension, from «[Content_Types].xml». */
function contentTypes(pkg: ZipPackage): { byPart: Map<string, string>; byExtension: Map<string, string> } {
  const byPart = new Map<string, string>();
  const byExtension = new Map<string, string>();
  readXml(pkg, "[Content_Types].xml", {
    open: (name, attributes) => {
      const type = attribute(attributes, "ContentType") ?? "";
      if (name === "Override") byPart.set((attribute(attributes, "PartName") ?? "").replace(/^\/+/, "").toLowerCase(), type);
      if (name === "Default") byExtension.set((attribute(attributes, "Extension") ?? "").toLowerCase(), type);
    },
  });
  return { byPart, byExtension };
}

/** The package's main part and what it is; null when the package is not Office Open XML. */
export function mainPartOf(pkg: ZipPackage): { part: string; kind: OoxmlKind | null; contentType: string } | null {
  if (!pkg.has("[Content_Types].xml")) return null;
  const part = relationshipsOf(pkg, "").find((relationship) => OFFICE_DOCUMENT.test(relationship.type))?.target;
  if (!part) return null;
  const { byPart, byExtension } = contentTypes(pkg);
  const contentType = byPart.get(part.toLowerCase()) ?? byExtension.get(posix.extname(part).slice(1).toLowerCase()) ?? "";
  return { part, kind: kindOf(contentType), contentType };
}

/**
 * docx, docm, dotx, dotm: «…wordprocessingml.document.main+xml», «…ms-word.document.macroEnabled.main+xml»…;
 * xlsx, xlsm, xltx, xltm; pptx, pptm, ppsx, ppsm, potx, potm. xlsb's main part is binary.
 */
function kindOf(contentType: string): OoxmlKind | null {
  const type = contentType.toLowerCase();
  if (type.includes("ms-excel.sheet.binary")) return "binary-sheet";
  if (!type.endsWith(".main+xml")) return null;
  if (type.includes("wordprocessingml") || type.includes("ms-word")) return "word";
  if (type.includes("spreadsheetml") || type.includes("ms-excel")) return "sheet";
  if (type.includes("presentationml") || type.includes("ms-powerpoint")) return "slides";
  return null;
}

/** The title in the package's core properties («docProps/core.xml»: dc:title). */
export function coreTitle(pkg: ZipPackage): string {
  const part = relatedParts(relationshipsOf(pkg, ""), "core-properties")[0] ?? "docProps/core.xml";
  let title = "";
  let inTitle = false;
  readXml(pkg, part, {
    open: (name) => (inTitle = name === "title"),
    text: (text) => void (inTitle && (title += text)),
    close: () => (inTitle = false),
  });
  return title.replace(/\s+/g, " ").trim();
}
