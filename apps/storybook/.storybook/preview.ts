import type { Preview } from "@storybook/react-vite";
import "@oystar/ui-kit/styles.css";
import "@oystar/conversation/styles.css";
import "@oystar/chat-core/styles.css";
import "@oystar/pdf-tools/styles.css";
import "@oystar/debate-engine/styles.css";
import "@oystar/rag-client/styles.css";

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
