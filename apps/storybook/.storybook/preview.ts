import type { Preview } from "@storybook/react-vite";
import "@oystar/ui-kit/styles.css";
import "@oystar/conversation/styles.css";
import "@oystar/chat-core/styles.css";
import "@oystar/pdf-tools/styles.css";
import "@oystar/debate-engine/styles.css";
import "@oystar/rag-client/styles.css";
import { configure } from "storybook/test";

// A story's play waits for what a reader would see. Lazily loaded parts (the Markdown renderer,
// pdf.js, a passage the viewer fetches) can take seconds on a busy CI machine, beyond Testing
// Library's 1 s default; this is a limit on waiting, not a measure of speed.
configure({ asyncUtilTimeout: 10_000 });

const preview: Preview = {
  parameters: {
    layout: "padded",
    controls: { expanded: true },
    // Stories double as accessibility tests: any axe violation fails the story test.
    a11y: { test: "error" },
  },
  tags: ["autodocs"],
};

export default preview;
