import type { OfficeContentNode, OfficeParserAST } from "officeparser";
import { sheetLandmark, slideLandmark } from "./landmarks";
import { CELL_SEPARATOR, rowsUnderHeader } from "./table-rows";
import { checkZipBounds } from "./zip-bounds";

// Word, LibreOffice, PowerPoint and Excel files (issue 34) read by officeparser into its document
// tree, written as our reading text: one block per heading, paragraph or list item, a table's
// rows one to a block (a sheet's with their header), a slide or a sheet announced by its number.

export type OfficeText = { title: string; text: string };

export async function officeText(filename: string, bytes: Uint8Array): Promise<OfficeText> {
  // A Word or LibreOffice file is a zip: its declared size and entries are checked before anything is inflated.
  checkZipBounds(filename, bytes);
  const { parseOffice } = await import("officeparser");
  const tree = await parseOffice(Buffer.from(bytes), { ignoreNotes: true, extractAttachments: false, ocr: false });
  return { title: titleOf(tree), text: blocksOf(tree.content).join("\n\n") };
}

const titleOf = (tree: OfficeParserAST) => (typeof tree.metadata?.title === "string" ? tree.metadata.title.trim() : "");

const flat = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** The reading blocks of a list of nodes, in order. */
function blocksOf(nodes: readonly OfficeContentNode[] | undefined): string[] {
  return (nodes ?? []).flatMap(blocksOfNode).filter(Boolean);
}

function blocksOfNode(node: OfficeContentNode): string[] {
  switch (node.type) {
    case "heading":
    case "paragraph":
    case "code":
      return [flat(node.text)];
    case "list":
      return [`- ${flat(node.text)}`];
    case "table":
      return rowsOf(node.children ?? []).map((cells) => cells.join(CELL_SEPARATOR));
    case "slide": {
      const number = (node.metadata as { slideNumber?: number } | undefined)?.slideNumber;
      return [number ? slideLandmark(number) : "", ...blocksOf(node.children)];
    }
    case "sheet": {
      const name = (node.metadata as { sheetName?: string } | undefined)?.sheetName;
      return [name ? sheetLandmark(name) : "", ...sheetRows(node.children ?? [])];
    }
    case "image":
    case "chart":
    case "drawing":
    case "break":
    case "page":
    case "note":
    case "comment":
    case "header":
    case "footer":
    case "slideMaster":
    case "embed":
      return [];
    default:
      return node.children?.length ? blocksOf(node.children) : [flat(node.text)];
  }
}

/** A table's rows, each as its non-empty cells' text. */
function rowsOf(rows: readonly OfficeContentNode[]): string[][] {
  return rows.filter((row) => row.type === "row").map((row) => (row.children ?? []).map((cell) => flat(cell.text)));
}

/** A sheet's rows under their header; its rows may come in tables or on their own. */
function sheetRows(children: readonly OfficeContentNode[]): string[] {
  const rows = children.flatMap((child) =>
    child.type === "table" ? rowsOf(child.children ?? []) : child.type === "row" ? rowsOf([child]) : [],
  );
  return rows.length > 0 ? rowsUnderHeader(rows) : blocksOf(children);
}
