/**
 * An answer cut into Markdown blocks at blank lines outside code fences. Each block is parsed
 * once and kept; only the last, growing block is parsed again as pieces arrive, so a long answer
 * costs the same per piece at its end as at its start, and finishing it redraws nothing.
 * The price: what spans blocks renders block by block — a loose list becomes consecutive lists
 * (numbering kept), a reference link defined in another block stays text.
 */
export function markdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let fence: string | null = null;
  let start = 0;
  let offset = 0;
  for (const line of text.split("\n")) {
    const end = offset + line.length;
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence === null ? marker : null;
    } else if (fence === null && line.trim() === "" && end > start) {
      const block = text.slice(start, Math.max(start, offset - 1));
      if (block.trim()) blocks.push(block);
      start = end + 1;
    }
    offset = end + 1;
  }
  const last = text.slice(start);
  if (last.trim()) blocks.push(last);
  return blocks;
}
