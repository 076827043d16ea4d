import { afterAll, beforeAll, expect, test } from "vitest";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import payloadFile from "../../test/xss-payloads.txt?raw";
import type { ChatMessage } from "../message";
import { MessageList } from "./message-list";

// The security team's payloads (one per line, "\n" written as \n), copied from
// shared/security/xss-payloads.txt so the test runs on any checkout.
const payloads = payloadFile
  .split("\n")
  .filter((line) => line.trim() && !line.startsWith("#"))
  .map((line) => line.replaceAll("\\n", "\n"));

/** What safe Markdown may produce: prose, lists, code, tables, links, and GFM's disabled task boxes. */
const ALLOWED_TAGS = new Set([
  ...["DIV", "SPAN", "P", "BR", "HR", "STRONG", "EM", "DEL", "CODE", "PRE", "BLOCKQUOTE", "A"],
  ...["UL", "OL", "LI", "H1", "H2", "H3", "H4", "H5", "H6"],
  ...["TABLE", "THEAD", "TBODY", "TR", "TH", "TD", "SECTION", "SUP", "INPUT"],
]);
const URL_ATTRIBUTES = ["href", "src", "srcset", "action", "formaction", "xlink:href", "poster", "data", "background", "style"];

const alerts: unknown[] = [];
let root: Root;
let container: HTMLDivElement;

beforeAll(() => {
  // A payload that ran would call one of these.
  for (const name of ["alert", "confirm", "prompt", "print"] as const) {
    Object.defineProperty(window, name, { configurable: true, value: (...args: unknown[]) => void alerts.push(args) });
  }
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterAll(() => root.unmount());

function render(messages: ChatMessage[], partial: string, loading: boolean) {
  flushSync(() => root.render(<MessageList messages={messages} partial={partial} loading={loading} renderCard={() => null} />));
}

/** Every element is on the allow-list; no handler, no dangerous or remote URL, no element that loads. */
function problemsInDom(): string[] {
  const problems: string[] = [];
  for (const element of container.querySelectorAll("*")) {
    if (!ALLOWED_TAGS.has(element.tagName)) problems.push(`<${element.tagName.toLowerCase()}>`);
    if (element.tagName === "INPUT" && !(element.getAttribute("type") === "checkbox" && element.hasAttribute("disabled")))
      problems.push("an active input");
    for (const attribute of element.attributes) {
      if (attribute.name.toLowerCase().startsWith("on")) problems.push(`${attribute.name}=`);
      if (URL_ATTRIBUTES.includes(attribute.name.toLowerCase()) && !/^(https?:\/\/|mailto:)/i.test(attribute.value)) {
        problems.push(`${attribute.name}="${attribute.value}"`);
      }
    }
  }
  return problems;
}

const message = (content: string, id = "risposta", firstCharacterMs?: number): ChatMessage => ({
  id,
  role: "assistant",
  content,
  timestamp: 0,
  firstCharacterMs,
});

test("the Markdown renderer has loaded (the first answer is shown as text until then)", async () => {
  render([message("**pronto**")], "", false);
  // The first load of the lazy renderer may take a while on a busy machine.
  await expect.poll(() => container.querySelector("strong")?.textContent, { timeout: 30_000 }).toBe("pronto");
});

test.each(payloads.map((payload, index) => [index + 1, payload] as const))(
  "payload %i is harmless as a whole and cut at every chunk boundary of a stream",
  async (_, payload) => {
    const history = [message("Risposta precedente.", "precedente")];
    // The stream delivers the payload in two pieces cut at each position: the screen shows
    // every prefix while streaming, then the finished answer.
    for (let cut = 0; cut <= payload.length; cut += 1) {
      render(history, payload.slice(0, cut), true);
      expect(problemsInDom(), `cut at ${cut}`).toEqual([]);
    }
    render([...history, message(payload, "risposta", 250)], "", false);
    expect(problemsInDom()).toEqual([]);
    // What the payload says is still there for the user to read, as text.
    expect(container.textContent?.length).toBeGreaterThan(0);
    // Handlers such as onerror fire asynchronously: give them time to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alerts).toEqual([]);
  },
);

test("no request left the page for an image, a frame, a style or a remote host", async () => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const requests = performance
    .getEntriesByType("resource")
    .map((entry) => entry as PerformanceResourceTiming)
    .filter(
      (entry) =>
        /exfil\.invalid/.test(entry.name) ||
        ["img", "image", "iframe", "frame", "object", "embed", "video", "css", "link"].includes(entry.initiatorType),
    );
  expect(requests.map((entry) => entry.name)).toEqual([]);
  expect(alerts).toEqual([]);
});
