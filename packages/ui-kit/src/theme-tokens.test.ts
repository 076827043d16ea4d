import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { themeColors, type ColorToken, type Theme } from "./tokens";

// Issue 36 §7: every colour is a token with a light and a dark value, the dark ones applied both by
// the user's choice and by the system's setting, readable in both themes (WCAG AA).

// A file path, not a URL: happy-dom's URL is not Node's.
const here = dirname(fileURLToPath(import.meta.url));
const styles = readFileSync(join(here, "styles.css"), "utf8");

/** The custom properties a CSS block sets, in order. */
function declarations(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/(--oy-[a-z0-9-]+):\s*([^;]+);/g)].map((match) => [match[1], match[2]?.trim()]));
}

function blockAfter(selector: string): string {
  const start = styles.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  return styles.slice(start, styles.indexOf("}", start));
}

const colourTokens = Object.keys(themeColors.light) as ColorToken[];
const pick = (all: Record<string, string>) => Object.fromEntries(colourTokens.map((token) => [token, all[token]]));

test("both themes name the same colours", () => {
  expect(Object.keys(themeColors.dark).sort()).toEqual([...colourTokens].sort());
});

test("the stylesheet's light colours are tokens.ts's", () => {
  expect(pick(declarations(blockAfter(":root")))).toEqual(themeColors.light);
});

test("the dark colours, chosen or from the system, are tokens.ts's and switch the browser's own to dark", () => {
  const chosen = blockAfter(':root[data-theme="dark"]');
  const fromSystem = blockAfter('@media (prefers-color-scheme: dark) {\n  :root:not([data-theme="light"])');
  expect(pick(declarations(chosen))).toEqual(themeColors.dark);
  expect(pick(declarations(fromSystem))).toEqual(themeColors.dark);
  expect(chosen).toContain("color-scheme: dark");
  expect(fromSystem).toContain("color-scheme: dark");
  expect(blockAfter(":root")).toContain("color-scheme: light");
});

// WCAG 2.x relative luminance and contrast ratio.
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(theme: Theme, foreground: ColorToken, background: ColorToken): number {
  const [a, b] = [luminance(themeColors[theme][foreground]), luminance(themeColors[theme][background])].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

// The pairs the components draw: text needs 4.5:1, a control's edge or an icon 3:1.
const text: [ColorToken, ColorToken][] = [
  ["--oy-ink", "--oy-surface"],
  ["--oy-ink", "--oy-canvas"],
  ["--oy-ink", "--oy-brand-soft"],
  ["--oy-ink", "--oy-neutral-soft"],
  ["--oy-ink", "--oy-teal-soft"],
  ["--oy-ink-muted", "--oy-surface"],
  ["--oy-ink-muted", "--oy-canvas"],
  ["--oy-ink-muted", "--oy-brand-soft"],
  ["--oy-ink-muted", "--oy-teal-soft"],
  ["--oy-placeholder", "--oy-surface"],
  ["--oy-brand", "--oy-surface"],
  ["--oy-brand", "--oy-canvas"],
  ["--oy-brand", "--oy-brand-soft"],
  ["--oy-brand-active", "--oy-brand-soft"],
  ["--oy-brand-active", "--oy-surface"],
  ["--oy-brand-ink", "--oy-brand"],
  ["--oy-brand-ink", "--oy-brand-hover"],
  ["--oy-brand-ink", "--oy-brand-active"],
  ["--oy-brand-ink", "--oy-teal"],
  ["--oy-teal", "--oy-surface"],
  ["--oy-success", "--oy-success-soft"],
  ["--oy-success", "--oy-surface"],
  ["--oy-warning", "--oy-warning-soft"],
  ["--oy-warning", "--oy-surface"],
  ["--oy-danger", "--oy-danger-soft"],
  ["--oy-danger", "--oy-surface"],
  ["--oy-danger-ink", "--oy-danger"],
  ["--oy-danger-ink", "--oy-danger-hover"],
  ["--oy-info", "--oy-info-soft"],
  ["--oy-banner-ink", "--oy-banner"],
  ["--oy-banner-ink", "--oy-banner-end"],
  ["--oy-banner-end", "--oy-banner-soft"],
  ["--oy-inverse-ink", "--oy-inverse"],
  ["--oy-inverse-link", "--oy-inverse"],
  ["--oy-highlight-ink", "--oy-highlight"],
];
const edges: [ColorToken, ColorToken][] = [
  ["--oy-border-strong", "--oy-surface"],
  ["--oy-border-strong", "--oy-canvas"],
  ["--oy-brand", "--oy-surface"],
  // Stars are pictures of a rating (its words are the label), 28 px in the rating control.
  ["--oy-star", "--oy-surface"],
];

describe.each(["light", "dark"] as const)("the %s theme", (theme) => {
  test.each(text)("text %s on %s: at least 4.5:1", (foreground, background) => {
    expect(contrast(theme, foreground, background)).toBeGreaterThanOrEqual(4.5);
  });
  test.each(edges)("edge %s on %s: at least 3:1", (foreground, background) => {
    expect(contrast(theme, foreground, background)).toBeGreaterThanOrEqual(3);
  });
});

// Outside the token blocks no stylesheet names a colour: a colour written in place would stay the
// same in the dark theme. Each package's and app's stylesheet is checked.
const repo = join(here, "../../..");
const stylesheets = ["packages", "apps"].flatMap((group) =>
  readdirSync(join(repo, group)).flatMap((name) => {
    const src = join(repo, group, name, "src");
    try {
      return readdirSync(src, { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".css"))
        .map((file) => join(group, name, "src", file));
    } catch {
      return [];
    }
  }),
);

test.each(stylesheets)("%s names colours only through tokens", (file) => {
  let css = readFileSync(join(repo, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  // The token blocks themselves: the custom properties' values are where colours belong.
  css = css.replace(/--oy-[a-z0-9-]+:[^;]+;/g, "");
  expect(css.match(/#[0-9a-f]{3,8}\b|\b(?:rgb|rgba|hsl|hsla|hwb|lab|lch|oklab|oklch)\(|\b(?:white|black)\b(?!-)/gi) ?? []).toEqual([]);
});

test("the stylesheets are all found", () => {
  expect(stylesheets).toEqual(
    expect.arrayContaining(["packages/ui-kit/src/styles.css", "apps/marketing/src/marketing.css", "apps/assistant/src/assistant.css"]),
  );
});
