import type { StorybookConfig } from "@storybook/react-vite";
import { defaultClientConditions, mergeConfig } from "vite";

// One Storybook for designers: it globs the stories that live beside each
// package's components (CONVENTIONS.md, turborepo examples).
const config: StorybookConfig = {
  stories: ["../../../packages/*/src/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-a11y", "@storybook/addon-vitest"],
  framework: { name: "@storybook/react-vite", options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      // Read workspace packages from source, like the apps do in development.
      resolve: { conditions: ["@oystar/source", ...defaultClientConditions] },
      // The conversation floor's lazily loaded Markdown renderer, pre-bundled up front: discovered during a
      // story test run, it would make Vite reload the page under the test.
      optimizeDeps: {
        include: [
          "@oystar/conversation > react-markdown",
          "@oystar/conversation > remark-gfm",
          "@oystar/rag-client > pdfjs-dist",
          "@oystar/rag-client > jspdf",
        ],
      },
    }),
};

export default config;
