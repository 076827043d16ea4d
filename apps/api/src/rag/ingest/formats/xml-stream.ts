import { SaxesParser } from "saxes";
import { DocumentTooLongError } from "../reading-limits";
import type { ZipPackage } from "./zip-package";

// The XML of an Office part read as a stream of events (issue 54 §2), by saxes: nothing of the
// part is kept but what a reader keeps. Elements come by their local name («w:p» and «p» alike):
// the prefixes are the writer's choice, some tools write «x:row» where Excel writes «row».
// A DOCTYPE's entities are never expanded (the «billion laughs» stays a few characters).

export type XmlHandler = {
  open?: (name: string, attributes: Record<string, string>) => void;
  text?: (text: string) => void;
  close?: (name: string) => void;
};

/** An element's local name: «w:p» → «p». */
export const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** An attribute by its local name («w:val», «r:id»…). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** The relationship an element points to: its «r:id» (a prefixed «id»; <p:sldId> has a plain «id» beside it). */
export function relationshipIdOf(attributes: Record<string, string>): string | undefined {
  for (const [key, value] of Object.entries(attributes)) if (key.includes(":") && localName(key) === "id") return value;
  return undefined;
}

/** Streams a part of the package through `handler`; false when the package has no such part. */
export function readXml(pkg: ZipPackage, part: string, handler: XmlHandler): boolean {
  const parser = new SaxesParser();
  // A malformed part is read as far as it goes; an error of ours (too long a text) stops it.
  parser.on("error", () => undefined);
  if (handler.open) {
    const open = handler.open;
    parser.on("opentag", (tag) => open(localName(tag.name), tag.attributes as Record<string, string>));
  }
  if (handler.close) {
    const close = handler.close;
    parser.on("closetag", (tag) => close(localName(tag.name)));
  }
  if (handler.text) {
    parser.on("text", handler.text);
    parser.on("cdata", handler.text);
  }
  const found = pkg.stream(part, (text) => parser.write(text));
  if (found) parser.close();
  return found;
}

/** The blocks of a reading text (one per paragraph, row, note…), counted against the document's cap as they come. */
export class ReadingBlocks {
  readonly blocks: string[] = [];
  private characters = 0;

  constructor(private readonly maxCharacters = Number.POSITIVE_INFINITY) {}

  push(block: string) {
    const flat = block.replace(/\s+/g, " ").trim();
    if (!flat) return;
    this.characters += flat.length + 2;
    if (this.characters > this.maxCharacters) throw new DocumentTooLongError(this.maxCharacters);
    this.blocks.push(flat);
  }

  get text(): string {
    return this.blocks.join("\n\n");
  }
}
