import { documentText } from "../src/rag/document-text";
import { chunkText } from "../src/rag/text-chunking";
const markdown = "---\ntitle: \"Villa Aurora\"\nurl: https://esempi.oystar.test/villa\n---\n\n# Villa Aurora\n\nUn **giardino** a [terrazze](https://x.test).\n\n## Fontane\n\n- Dodici fontane\n";
console.log(JSON.stringify(await documentText("villa.md", new TextEncoder().encode(markdown))));
const sentence = (n: number) => `La frase numero ${n} descrive un viale del giardino con le sue siepi di bosso e le sue statue.`;
const chunks = chunkText(Array.from({ length: 40 }, (_, index) => sentence(index + 1)).join(" "));
for (const c of chunks) console.log(c.text.length, JSON.stringify(c.text.slice(0, 60)), JSON.stringify(c.text.slice(-50)));
chunks.forEach((chunk, index) => { if (index > 0) { const previous = chunks[index - 1]!.text; const last = previous.slice(previous.lastIndexOf("La frase numero")); console.log(index, chunk.text.startsWith(last), JSON.stringify(last)); } });
