import { expect, test } from "vitest";
import { forkAt, showVersion, versionOf } from "./branches";
import type { ChatMessage } from "./message";

// Issue 50 §4: edited questions and regenerated answers keep the versions before them.

const said = (id: string, role: ChatMessage["role"] = "assistant"): ChatMessage => ({ id, role, content: id, timestamp: 0 });
const words = (messages: readonly ChatMessage[]) => messages.map((message) => message.content);

test("an answer regenerated twice: three versions, the newest shown, each one back with the arrows", () => {
  let conversation = [said("Glicine?", "user"), said("Aprile.")];
  conversation = forkAt(conversation, 1, said("In aprile, a Villa Lante."));
  conversation = forkAt(conversation, 1, said("Tra aprile e maggio."));
  expect(words(conversation)).toEqual(["Glicine?", "Tra aprile e maggio."]);
  expect(versionOf(conversation[1]!)).toEqual({ number: 3, count: 3 });

  conversation = showVersion(conversation, 1, -1);
  expect(words(conversation)).toEqual(["Glicine?", "In aprile, a Villa Lante."]);
  expect(versionOf(conversation[1]!)).toEqual({ number: 2, count: 3 });
  conversation = showVersion(showVersion(conversation, 1, -1), 1, -1);
  expect(words(conversation)).toEqual(["Glicine?", "Aprile."]);
  expect(versionOf(conversation[1]!)).toEqual({ number: 1, count: 3 });
  conversation = showVersion(showVersion(conversation, 1, 1), 1, 1);
  expect(words(conversation)).toEqual(["Glicine?", "Tra aprile e maggio."]);
  expect(showVersion(conversation, 1, 1)).toEqual(conversation);
});

test("an edited question keeps the whole conversation after it as a version, forks further down included", () => {
  let conversation = [said("Glicine?", "user"), said("Aprile."), said("E le rose?", "user"), said("Maggio.")];
  conversation = forkAt(conversation, 3, said("A maggio, a Roma."));
  conversation = forkAt(conversation, 2, said("E le ortensie?", "user"));
  conversation = [...conversation, said("Giugno.")];
  expect(words(conversation)).toEqual(["Glicine?", "Aprile.", "E le ortensie?", "Giugno."]);
  expect(versionOf(conversation[2]!)).toEqual({ number: 2, count: 2 });

  conversation = showVersion(conversation, 2, -1);
  expect(words(conversation)).toEqual(["Glicine?", "Aprile.", "E le rose?", "A maggio, a Roma."]);
  // The fork inside the version shown is there as it was.
  expect(versionOf(conversation[3]!)).toEqual({ number: 2, count: 2 });
  expect(words(showVersion(conversation, 3, -1))).toEqual(["Glicine?", "Aprile.", "E le rose?", "Maggio."]);
  // Back to the newest; and a fork while an older version is shown comes last of all.
  expect(words(showVersion(conversation, 2, 1))).toEqual(["Glicine?", "Aprile.", "E le ortensie?", "Giugno."]);
  const third = forkAt(conversation, 2, said("E i tulipani?", "user"));
  expect(versionOf(third[2]!)).toEqual({ number: 3, count: 3 });
  expect(words(showVersion(third, 2, -1))).toEqual(["Glicine?", "Aprile.", "E le ortensie?", "Giugno."]);
  // Plain data: through JSON (the device's store) and back, the same.
  expect(JSON.parse(JSON.stringify(third))).toEqual(third);
});
