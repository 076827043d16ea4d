import { Inflate } from "fflate";
import { ragMessages } from "../../messages";
import { UnsupportedDocumentError } from "../unsupported-document";
import { MAX_ZIP_BYTES, MAX_ZIP_ENTRIES } from "./zip-bounds";

// An Office or OpenDocument file is a zip of XML parts (issue 54 §2). Its parts are found by the
// zip's central directory and inflated as a stream, a slice at a time: a sheet of 28 MB of XML is
// read without ever holding it whole (officeparser built a DOM of it and ran out of memory).

/** One part of the package: where its data starts and how it is stored. */
type Entry = { name: string; method: number; compressedSize: number; size: number; headerOffset: number };

/** Compressed bytes handed to the inflater at a time: its output per slice stays within a few megabytes even at deflate's best ratio. */
const INFLATE_SLICE = 16 * 1024;

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** A 32-bit field that says «see the zip64 extra field». */
const ZIP64_MARK = 0xffffffff;

export class ZipPackage {
  private readonly entries = new Map<string, Entry>();
  private readonly view: DataView;

  constructor(
    private readonly filename: string,
    private readonly bytes: Uint8Array,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    try {
      this.readDirectory();
    } catch {
      throw new UnsupportedDocumentError(ragMessages.documents.notAnArchive(filename));
    }
  }

  /** The names of the parts, as the zip lists them (no leading «/»). */
  get names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(partName(name));
  }

  /** A small part whole, as text (relationships, content types, a workbook's list of sheets). */
  text(name: string): string | null {
    if (!this.has(name)) return null;
    const pieces: string[] = [];
    this.stream(name, (piece) => pieces.push(piece));
    return pieces.join("");
  }

  /** A part's text handed to `onText` slice by slice as it is inflated; false when there is no such part. */
  stream(name: string, onText: (text: string) => void): boolean {
    const entry = this.entries.get(partName(name));
    if (!entry) return false;
    const data = this.dataOf(entry);
    let decoder: TextDecoder | null = null;
    let inflated = 0;
    const deliver = (chunk: Uint8Array, final: boolean) => {
      inflated += chunk.length;
      // An archive that lies about its sizes is stopped here, not by the process's heap.
      if (inflated > MAX_ZIP_BYTES)
        throw new UnsupportedDocumentError(ragMessages.documents.archiveTooLarge(this.filename, MAX_ZIP_BYTES, MAX_ZIP_ENTRIES));
      decoder ??= new TextDecoder(encodingOf(chunk));
      const text = decoder.decode(chunk, { stream: !final });
      if (text) onText(text);
    };
    if (entry.method === 0) {
      for (let at = 0; at < data.length; at += INFLATE_SLICE)
        deliver(data.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= data.length);
      if (data.length === 0) deliver(data, true);
      return true;
    }
    if (entry.method !== 8) throw new UnsupportedDocumentError(ragMessages.documents.notAnArchive(this.filename));
    const inflater = new Inflate((chunk, final) => deliver(chunk, final));
    try {
      for (let at = 0; at < data.length || at === 0; at += INFLATE_SLICE)
        inflater.push(data.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= data.length);
    } catch (error) {
      // fflate's own errors (a FlateError has a numeric code) say the data is broken; a reader's errors (its text past the cap) go on.
      if (typeof (error as { code?: unknown }).code === "number")
        throw new UnsupportedDocumentError(ragMessages.documents.notAnArchive(this.filename));
      throw error;
    }
    return true;
  }

  private dataOf(entry: Entry): Uint8Array {
    const at = entry.headerOffset;
    // A directory that points past the file (a damaged one) is a damaged archive, not a reader's failure.
    if (at + 30 > this.view.byteLength || this.view.getUint32(at, true) !== LOCAL_HEADER)
      throw new UnsupportedDocumentError(ragMessages.documents.notAnArchive(this.filename));
    const start = at + 30 + this.view.getUint16(at + 26, true) + this.view.getUint16(at + 28, true);
    return this.bytes.subarray(start, start + entry.compressedSize);
  }

  private readDirectory() {
    const { view } = this;
    let end = -1;
    for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at -= 1)
      if (view.getUint32(at, true) === END_OF_DIRECTORY) {
        end = at;
        break;
      }
    if (end < 0) throw new Error("no central directory");
    let count = view.getUint16(end + 10, true);
    let offset = view.getUint32(end + 16, true);
    if (offset === ZIP64_MARK && end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR) {
      const record = Number(view.getBigUint64(end - 12, true));
      count = Number(view.getBigUint64(record + 32, true));
      offset = Number(view.getBigUint64(record + 48, true));
    }
    const names = new TextDecoder("utf-8");
    for (let index = 0; index < count; index += 1) {
      if (view.getUint32(offset, true) !== DIRECTORY_ENTRY) throw new Error("bad directory entry");
      const nameLength = view.getUint16(offset + 28, true);
      const extraLength = view.getUint16(offset + 30, true);
      const commentLength = view.getUint16(offset + 32, true);
      const entry: Entry = {
        name: names.decode(this.bytes.subarray(offset + 46, offset + 46 + nameLength)),
        method: view.getUint16(offset + 10, true),
        compressedSize: view.getUint32(offset + 20, true),
        size: view.getUint32(offset + 24, true),
        headerOffset: view.getUint32(offset + 42, true),
      };
      this.readZip64Sizes(entry, offset + 46 + nameLength, extraLength);
      this.entries.set(partName(entry.name), entry);
      offset += 46 + nameLength + extraLength + commentLength;
    }
  }

  /** The sizes and offset a zip64 entry keeps in its extra field, in that order, for those marked 0xFFFFFFFF. */
  private readZip64Sizes(entry: Entry, extraStart: number, extraLength: number) {
    const { view } = this;
    for (let at = extraStart; at + 4 <= extraStart + extraLength;) {
      const id = view.getUint16(at, true);
      const length = view.getUint16(at + 2, true);
      if (id === 0x0001) {
        let field = at + 4;
        const next = () => {
          const value = Number(view.getBigUint64(field, true));
          field += 8;
          return value;
        };
        if (entry.size === ZIP64_MARK) entry.size = next();
        if (entry.compressedSize === ZIP64_MARK) entry.compressedSize = next();
        if (entry.headerOffset === ZIP64_MARK) entry.headerOffset = next();
      }
      at += 4 + length;
    }
  }
}

/** A part's name as the zip keeps it: relationships write «/word/document.xml», the zip «word/document.xml». */
const partName = (name: string) => name.replace(/^\/+/, "");

/** XML parts are UTF-8 unless they open with UTF-16's byte-order mark. */
function encodingOf(start: Uint8Array): string {
  if (start[0] === 0xff && start[1] === 0xfe) return "utf-16le";
  if (start[0] === 0xfe && start[1] === 0xff) return "utf-16be";
  return "utf-8";
}
