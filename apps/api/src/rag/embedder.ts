import { contentWordsOf } from "./italian-text";

// DESIGN.md §6: embeddings come from an OpenAI-compatible `/embeddings` endpoint (bge-m3 in
// production) when EMBEDDINGS_BASE_URL is set; otherwise from the local embedder below, which
// downloads nothing and is honest about what it is: hashed character n-grams, a LEXICAL vector
// (it matches «giardiniere» to «giardini» and survives typos), not a semantic model.

export type Embedder = {
  /** What /api/health shows and what each stored vector is tagged with. */
  readonly name: string;
  readonly dimensions: number;
  /** A semantic model (true) or the lexical local embedder (false). */
  readonly semantic: boolean;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
};

export const LOCAL_EMBEDDER_DIMENSIONS = 256;
export const LOCAL_EMBEDDER_NAME = `oystar-hashed-char-ngrams-${LOCAL_EMBEDDER_DIMENSIONS}`;

/** FNV-1a, 32 bits: a stable, fast hash for feature hashing. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function addFeature(vector: Float32Array, feature: string, weight: number) {
  const hash = fnv1a(feature);
  // The sign hash keeps collisions from only ever adding up (Weinberger et al., 2009).
  const slot = hash % vector.length;
  vector[slot] = (vector[slot] ?? 0) + (hash & 0x80000000 ? -weight : weight);
}

export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [index, value] of vector.entries()) vector[index] = value / norm;
  return vector;
}

/** The local embedding of one text: each topic word whole, and its 3- to 5-letter pieces. */
export function localEmbedding(text: string, dimensions = LOCAL_EMBEDDER_DIMENSIONS): Float32Array {
  const vector = new Float32Array(dimensions);
  const counts = new Map<string, number>();
  for (const word of contentWordsOf(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const [word, count] of counts) {
    // Sublinear: a word said five times is not five times the topic.
    const weight = 1 + Math.log(count);
    addFeature(vector, `w:${word}`, weight);
    const marked = `<${word}>`;
    const grams: string[] = [];
    for (let size = 3; size <= 5; size += 1) {
      for (let start = 0; start + size <= marked.length; start += 1) grams.push(marked.slice(start, start + size));
    }
    const share = weight / Math.sqrt(Math.max(1, grams.length));
    for (const gram of grams) addFeature(vector, gram, share);
  }
  return normalize(vector);
}

export function localEmbedder(): Embedder {
  return {
    name: LOCAL_EMBEDDER_NAME,
    dimensions: LOCAL_EMBEDDER_DIMENSIONS,
    semantic: false,
    embed: async (texts) => texts.map((text) => localEmbedding(text)),
  };
}

export type RemoteEmbedderOptions = { baseUrl: string; apiKey: string | null; model: string; dimensions: number; timeoutMs?: number };

const REMOTE_BATCH = 64;

export class EmbeddingError extends Error {
  override name = "EmbeddingError";
}

/** An OpenAI-compatible `/embeddings` endpoint (TEI, vLLM, Ollama's `/v1`, Infinity …). */
export function remoteEmbedder(options: RemoteEmbedderOptions): Embedder {
  const url = `${options.baseUrl.replace(/\/$/, "")}/embeddings`;
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
  };
  const batch = async (input: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> => {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: options.model, input }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) throw new EmbeddingError(`Il servizio di embedding ha risposto ${response.status}`);
    const body = (await response.json()) as { data?: Array<{ embedding?: unknown; index?: number }> };
    const rows = [...(body.data ?? [])].sort((left, right) => (left.index ?? 0) - (right.index ?? 0));
    if (rows.length !== input.length) throw new EmbeddingError("Il servizio di embedding ha restituito un numero di vettori diverso");
    return rows.map((row) => {
      const values = row.embedding;
      if (!Array.isArray(values) || values.length !== options.dimensions) {
        throw new EmbeddingError(`Il servizio di embedding non ha restituito vettori di ${options.dimensions} dimensioni`);
      }
      return normalize(Float32Array.from(values as number[]));
    });
  };
  return {
    name: `${options.model}-${options.dimensions}`,
    dimensions: options.dimensions,
    semantic: true,
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += REMOTE_BATCH)
        vectors.push(...(await batch(texts.slice(start, start + REMOTE_BATCH), signal)));
      return vectors;
    },
  };
}

export function cosine(left: Float32Array, right: Float32Array): number {
  let dot = 0;
  for (let index = 0; index < left.length; index += 1) dot += (left[index] ?? 0) * (right[index] ?? 0);
  return dot;
}

/** pgvector's text form. */
export const vectorLiteral = (vector: Float32Array) =>
  `[${Array.from(vector, (value) => (Math.round(value * 1e6) / 1e6).toString()).join(",")}]`;
