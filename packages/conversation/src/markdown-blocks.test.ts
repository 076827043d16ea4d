import { expect, test } from "vitest";
import { markdownBlocks } from "./markdown-blocks";

test("blocks end at blank lines, never inside a code fence", () => {
  const text = "# Titolo\n\nPrimo paragrafo\nsu due righe.\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n- uno\n- due";
  expect(markdownBlocks(text)).toEqual([
    "# Titolo",
    "Primo paragrafo\nsu due righe.",
    "```js\nconst a = 1;\n\nconst b = 2;\n```",
    "- uno\n- due",
  ]);
});

test("an unfinished fence keeps the rest together; the text is never lost", () => {
  const text = "Ecco:\n\n```\nriga 1\n\nriga 2";
  const blocks = markdownBlocks(text);
  expect(blocks).toEqual(["Ecco:", "```\nriga 1\n\nriga 2"]);
  expect(markdownBlocks("")).toEqual([]);
});
