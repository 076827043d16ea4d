/** What compresses well; images other than SVG and fonts are compressed already. */
export declare const COMPRESSIBLE: ReadonlySet<string>;
/** Below this, a compressed copy saves less than a packet's worth. */
export declare const MIN_BYTES: number;
/** The encodings written, as the server names them, with the file suffix each takes. */
export declare const ENCODINGS: readonly [
  { readonly encoding: "br"; readonly suffix: ".br" },
  { readonly encoding: "gzip"; readonly suffix: ".gz" },
];
/**
 * Writes the compressed copies of every compressible file under `folder`, and removes copies
 * left from an earlier build. A copy is only kept when it is smaller than the file.
 */
export declare function precompressFolder(folder: string): Promise<{ files: number; bytes: number; brotliBytes: number }>;
