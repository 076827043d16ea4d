import { describe, expect, test, vi } from "vitest";
import { conversationMessages } from "./messages";
import { createReadAloud, speakableText } from "./speech";

describe("what is read aloud", () => {
  test("prose only: no Markdown symbols, no code, no addresses", () => {
    const answer = [
      "## Come si fa",
      "Ecco **tre** passi, _semplici_:",
      "1. Apri il [sito](https://example.com).",
      "- Esegui `npm install`.",
      "```bash",
      "rm -rf /tmp/prova",
      "```",
      "> Fatto!",
    ].join("\n");
    const spoken = speakableText(answer);
    expect(spoken).toBe("Come si fa\nEcco tre passi, semplici:\nApri il sito.\nEsegui npm install.\nFatto!");
  });
});

describe("read aloud", () => {
  function fakeSpeech() {
    const spoken: SpeechSynthesisUtterance[] = [];
    const speech = { speak: vi.fn((utterance: SpeechSynthesisUtterance) => void spoken.push(utterance)), cancel: vi.fn() };
    const makeUtterance = (text: string) => ({ text }) as SpeechSynthesisUtterance;
    return { speech, spoken, makeUtterance };
  }

  test("reads in Italian at rate 0.9 and pitch 1; pressing again stops", () => {
    const { speech, spoken, makeUtterance } = fakeSpeech();
    const readAloud = createReadAloud(speech, makeUtterance);
    expect(readAloud.toggle("m1", "**Ciao** a tutti")).toBeNull();
    expect(spoken[0]).toMatchObject({ text: "Ciao a tutti", lang: "it-IT", rate: 0.9, pitch: 1 });
    expect(readAloud.store.getState().speakingId).toBe("m1");
    readAloud.toggle("m1", "**Ciao** a tutti");
    expect(readAloud.store.getState().speakingId).toBeNull();
    expect(speech.cancel).toHaveBeenCalled();
    expect(spoken).toHaveLength(1);
  });

  test("another message switches; the end of speech clears the state", () => {
    const { speech, spoken, makeUtterance } = fakeSpeech();
    const readAloud = createReadAloud(speech, makeUtterance);
    readAloud.toggle("m1", "Uno");
    readAloud.toggle("m2", "Due");
    expect(readAloud.store.getState().speakingId).toBe("m2");
    spoken[1]?.onend?.({} as SpeechSynthesisEvent);
    expect(readAloud.store.getState().speakingId).toBeNull();
  });

  test("a browser without speech gets the spec's alert", () => {
    expect(createReadAloud(undefined, undefined).toggle("m1", "Ciao")).toBe(conversationMessages.speechUnsupported);
  });
});
