import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { themeColors, type ColorToken, type Theme } from "../tokens";

/** Every colour token in the theme the toolbar's 'Tema' shows, for designers (issue 36 §7). */
function Palette() {
  return (
    <ul aria-label="Colori" style={{ listStyle: "none", padding: 0, display: "grid", gap: 4 }}>
      {(Object.keys(themeColors.light) as ColorToken[]).map((token) => (
        <li key={token}>
          <span
            aria-hidden="true"
            style={{
              display: "inline-block",
              width: 48,
              height: 24,
              marginRight: 8,
              verticalAlign: "middle",
              border: "1px solid var(--oy-border)",
              background: `var(${token})`,
            }}
          />
          <code>{token}</code>
        </li>
      ))}
    </ul>
  );
}

const meta = {
  title: "ui-kit/Palette",
  component: Palette,
} satisfies Meta<typeof Palette>;
export default meta;

/** The page's colours are the theme's: the story tests run it once light, once dark. */
export const Colori: StoryObj<typeof meta> = {
  play: async ({ globals }) => {
    const theme: Theme = globals.theme === "dark" ? "dark" : "light";
    const root = getComputedStyle(document.documentElement);
    for (const token of ["--oy-surface", "--oy-ink", "--oy-brand", "--oy-canvas"] as const) {
      await expect(root.getPropertyValue(token).trim()).toBe(themeColors[theme][token]);
    }
    await expect(root.colorScheme).toBe(theme);
    await expect(getComputedStyle(document.body).backgroundColor).not.toBe(theme === "dark" ? "rgb(255, 255, 255)" : "rgb(19, 17, 28)");
  },
};
