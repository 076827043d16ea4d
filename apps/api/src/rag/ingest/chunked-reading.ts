import { actOfPreamble } from "../references/document-structure";
import { chunkDocument, codePointOffsets, type Chunk } from "./text-chunking";
import { required } from "../../required";

// A document's reading text and the places of its chunks, made where the document is read (issue
// 54 §1): chunking a 1.1 MB e-mail held the server's thread for minutes; in the reading process it
// runs under the document's one deadline, and the server gets offsets to slice, not the work.

/** A chunk's place: its page, its UTF-16 offsets in the reading text, and the same in code points (as PostgreSQL counts). */
export type ChunkPlace = {
  page: number | null;
  start: number;
  end: number;
  codeStart: number;
  codeEnd: number;
  /** Issue 49 §2: the article the chunk belongs to, and the commas it holds. */
  article?: string;
  commas?: string[];
};
/** `act`: the act an article-structured document's heading names (issue 49 §2). */
export type ChunkedReading = { reading: string; places: ChunkPlace[]; act?: string };

/** The reading text and chunk places of a document's text (U+0000, which PostgreSQL's text cannot hold, made a space first). */
export function chunkedReading(text: string): ChunkedReading {
  const { text: reading, chunks } = chunkDocument(text.replaceAll("\u0000", " "));
  const codeStarts = codePointOffsets(
    reading,
    chunks.map((chunk) => chunk.start),
  );
  const codeEnds = codePointOffsets(
    reading,
    chunks.map((chunk) => chunk.end),
  );
  const firstArticle = chunks.find((chunk) => chunk.article);
  const act = firstArticle ? actOfPreamble(reading.slice(0, firstArticle.start)) : null;
  return {
    reading,
    ...(act ? { act } : {}),
    places: chunks.map((chunk, ordinal) => ({
      page: chunk.page,
      start: chunk.start,
      end: chunk.end,
      codeStart: required(codeStarts[ordinal], "a chunk's code-point start"),
      codeEnd: required(codeEnds[ordinal], "a chunk's code-point end"),
      ...(chunk.article ? { article: chunk.article } : {}),
      ...(chunk.commas ? { commas: chunk.commas } : {}),
    })),
  };
}

/** The chunks of a chunked reading, their text sliced from it. */
export const chunksOf = ({ reading, places }: ChunkedReading): Array<Chunk & { codeStart: number; codeEnd: number }> =>
  places.map((place, ordinal) => ({ ordinal, text: reading.slice(place.start, place.end), ...place }));
