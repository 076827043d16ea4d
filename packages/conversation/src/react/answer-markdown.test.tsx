import { render, screen } from "@testing-library/react";
import { Component, type ReactNode } from "react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";

// Issue 14 §7: the Markdown renderer is a lazy chunk like the app's routes: a failed download is
// tried once more, and a second failure is 'Loading chunk failed' for the error screen.
const failedDownload = () => new TypeError("Failed to fetch dynamically imported module");

class CaughtError extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{`${this.state.error.name}: ${this.state.error.message}`}</p> : this.props.children;
  }
}

/** A renderer never downloaded yet, whose first `failures` downloads fail. */
async function answerMarkdownFailing(failures: number) {
  const downloads = { attempts: 0 };
  vi.resetModules();
  vi.doMock("./markdown-view", async (importOriginal) => {
    downloads.attempts += 1;
    if (downloads.attempts <= failures) throw failedDownload();
    return importOriginal();
  });
  const { AnswerMarkdown, preloadAnswerRenderer } = await import("./answer-markdown");
  return { AnswerMarkdown, preloadAnswerRenderer, downloads };
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.doUnmock("./markdown-view");
  vi.restoreAllMocks();
});

// The renderer is retried after a pause and loaded in the browser: on a loaded machine that takes
// seconds, so the wait allows for it (a limit on waiting, not a measure of speed).
test("a renderer download that fails once is tried again and the answer shows as Markdown", async () => {
  const { AnswerMarkdown, downloads } = await answerMarkdownFailing(1);
  render(<AnswerMarkdown text="Ecco **due** cose" />);
  // Plain text while the renderer is missing, then Markdown.
  expect(screen.getByText("Ecco **due** cose")).toBeInTheDocument();
  expect(await screen.findByText("due", { selector: "strong" }, { timeout: 15_000 })).toBeInTheDocument();
  expect(downloads.attempts).toBe(2);
});

test("a second failure reaches the error boundary as 'Loading chunk failed'", async () => {
  const { AnswerMarkdown, downloads } = await answerMarkdownFailing(2);
  render(
    <CaughtError>
      <AnswerMarkdown text="Ecco **due** cose" />
    </CaughtError>,
  );
  expect(await screen.findByRole("alert", {}, { timeout: 15_000 })).toHaveTextContent("ChunkLoadError: Loading chunk failed");
  expect(downloads.attempts).toBe(2);
});

test("a preload that failed is not kept: the first answer downloads the renderer again", async () => {
  const { AnswerMarkdown, preloadAnswerRenderer, downloads } = await answerMarkdownFailing(1);
  preloadAnswerRenderer();
  await vi.waitFor(() => expect(downloads.attempts).toBe(1));
  render(<AnswerMarkdown text="Ecco **due** cose" />);
  expect(await screen.findByText("due", { selector: "strong" })).toBeInTheDocument();
  expect(downloads.attempts).toBe(2);
});
