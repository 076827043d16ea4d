import type { Decorator, Preview } from "@storybook/react-vite";
import "@oystar/ui-kit/styles.css";
import "@oystar/conversation/styles.css";
import "@oystar/chat-core/styles.css";
import "@oystar/pdf-tools/styles.css";
import "@oystar/debate-engine/styles.css";
import "@oystar/rag-client/styles.css";
import { applyThemeChoice, type ThemeChoice } from "@oystar/ui-kit";
import { configure } from "storybook/test";

// A story's play waits for what a reader would see. Lazily loaded parts (the Markdown renderer,
// pdf.js, a passage the viewer fetches) can take seconds on a busy CI machine, beyond Testing
// Library's 1 s default; this is a limit on waiting, not a measure of speed.
configure({ asyncUtilTimeout: 10_000 });

/**
 * Issue 36 §7: every story in both themes. The toolbar's 'Tema' sets the root as the apps' switch
 * does; the story tests run once per theme (vitest.config.ts sets STORY_THEME for the dark run).
 */
const withTheme: Decorator = (Story, { globals }) => {
  applyThemeChoice(document.documentElement, (globals.theme as ThemeChoice | undefined) ?? "light");
  return Story();
};

const preview: Preview = {
  parameters: {
    layout: "padded",
    controls: { expanded: true },
    // Stories double as accessibility tests: any axe violation fails the story test.
    a11y: { test: "error" },
  },
  globalTypes: {
    theme: {
      description: "Tema",
      toolbar: {
        title: "Tema",
        icon: "mirror",
        items: [
          { value: "light", title: "Chiaro" },
          { value: "dark", title: "Scuro" },
          { value: "auto", title: "Automatico" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: import.meta.env.STORY_THEME === "dark" ? "dark" : "light" },
  decorators: [withTheme],
  tags: ["autodocs"],
};

export default preview;
