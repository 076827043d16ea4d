import type { ChatMessage } from "./message";

// Issue 50 §4: edit and regenerate keep what was said before as versions ('2 di 3'). A
// conversation is the path on screen; where it forks, the first message of the version shown
// holds the others — each one the messages from that point on, itself forking further down as it
// did — before and after it in the order they were made. Plain data: stored, exported and opened
// with the conversation like any message.

type Versions = NonNullable<ChatMessage["versions"]>;

const withoutVersions = ({ versions: _versions, ...message }: ChatMessage): ChatMessage => message;

/** Where the message at `index` stands among its versions: `{ number, count }`, or null when it has none. */
export function versionOf(message: ChatMessage): { number: number; count: number } | null {
  const versions = message.versions;
  if (!versions) return null;
  return { number: versions.before.length + 1, count: versions.before.length + versions.after.length + 1 };
}

/**
 * The conversation forked at `index`: the messages from there on become a version kept aside, and
 * `head` (the edited question, the new answer) begins the new one, last of all versions.
 */
export function forkAt(messages: readonly ChatMessage[], index: number, head: ChatMessage): ChatMessage[] {
  const tail = messages.slice(index);
  const first = tail[0];
  if (!first) return [...messages, head];
  const known: Versions = first.versions ?? { before: [], after: [] };
  const shown = [withoutVersions(first), ...tail.slice(1)];
  const versions: Versions = { before: [...known.before, shown, ...known.after], after: [] };
  return [...messages.slice(0, index), { ...withoutVersions(head), versions }];
}

/** The versions kept at `index` for a fork whose new head is not written yet (an answer asked again). */
export function versionsAt(messages: readonly ChatMessage[], index: number): Versions | undefined {
  const tail = messages.slice(index);
  const first = tail[0];
  if (!first) return undefined;
  const known: Versions = first.versions ?? { before: [], after: [] };
  return { before: [...known.before, [withoutVersions(first), ...tail.slice(1)], ...known.after], after: [] };
}

/** The conversation showing the version before (`-1`) or after (`+1`) the one shown at `index`. */
export function showVersion(messages: readonly ChatMessage[], index: number, step: -1 | 1): ChatMessage[] {
  const first = messages[index];
  const versions = first?.versions;
  if (!first || !versions) return [...messages];
  const shown = [withoutVersions(first), ...messages.slice(index + 1)];
  const next = step === -1 ? versions.before.at(-1) : versions.after[0];
  if (!next?.[0]) return [...messages];
  const moved: Versions =
    step === -1
      ? { before: versions.before.slice(0, -1), after: [shown, ...versions.after] }
      : { before: [...versions.before, shown], after: versions.after.slice(1) };
  return [...messages.slice(0, index), { ...next[0], versions: moved }, ...next.slice(1)];
}
