import { quotesIn } from "@oystar/debate-engine/protocol";
import { describe, expect, test } from "vitest";
import { claimOf, sharesSubject } from "./claim-subject";
import { checkQuotes, lexicalRelevance, modelRelevance } from "./quote-check";
import type { QuestionCalls } from "../llm/model-answer";

// Issue 52 §2: a quote counts as 'Verificata' only when it is in its passage AND the passage is
// about what the claim says; otherwise 'Citazione non pertinente' (status `unsupported`).

const ESTE = {
  chunkId: "1",
  title: "Villa d'Este",
  text: "Molti grandi giardini storici sono musei statali, come Villa d'Este a Tivoli. Hanno in genere aperture regolari per gran parte dell'anno e biglietteria anche online.",
};
const PADOVA = {
  chunkId: "2",
  title: "L'Orto botanico di Padova",
  text: "L'Orto botanico dell'Università di Padova è il più antico orto botanico universitario del mondo che si trovi ancora nella sua sede originaria. Fondato nel 1545, conserva l'impianto cinquecentesco.",
};

describe("a quote's claim", () => {
  test("is the sentence quoting it, less the quote and the source's name; a bare 'Lo conferma …' reaches back to the point made", () => {
    const reply =
      "Turno 1 di 6, fase di opposizione: come Lato A sostengo «Padova ha l'orto botanico più antico del mondo». Lo conferma Villa d'Este: «Hanno in genere aperture regolari per gran parte dell'anno» [1]. Che ne pensi?";
    const [quote] = quotesIn(reply);
    expect(claimOf(reply, quote!, ["Villa d'Este"])).toBe(
      "Turno 1 di 6, fase di opposizione: come Lato A sostengo «Padova ha l'orto botanico più antico del mondo». Lo conferma : .",
    );
    const direct = "L'orto di Padova è il più antico del mondo, come dice «il più antico orto botanico universitario del mondo» [2].";
    expect(claimOf(direct, quotesIn(direct)[0]!, [])).toBe("L'orto di Padova è il più antico del mondo, come dice .");
  });
});

describe("the lexical check", () => {
  test("the Padova side quoting Villa d'Este's ticketing: found, but not pertinent; quoting Padova's own page: verified", async () => {
    const reply =
      "Sostengo che Padova ha l'orto botanico più antico del mondo. Lo conferma Villa d'Este: «Hanno in genere aperture regolari per gran parte dell'anno e biglietteria anche online» [1]. " +
      "E l'orto di Padova, fondato nel 1545, è il più antico: «il più antico orto botanico universitario del mondo» [2]. " +
      "Infine «una frase che nessun passaggio contiene davvero» [1].";
    expect(await checkQuotes(reply, [ESTE, PADOVA])).toEqual([
      { n: 1, text: "Hanno in genere aperture regolari per gran parte dell'anno e biglietteria anche online", status: "unsupported" },
      { n: 2, text: "il più antico orto botanico universitario del mondo", status: "verified" },
      { n: 1, text: "una frase che nessun passaggio contiene davvero", status: "notFound" },
    ]);
  });

  test("shares the subject when enough of the claim's own words are the passage's", () => {
    expect(sharesSubject("Padova ha l'orto botanico più antico del mondo", PADOVA.text)).toBe(true);
    expect(sharesSubject("Padova ha l'orto botanico più antico del mondo", ESTE.text)).toBe(false);
    // A claim of nothing but a debate's rhetoric has no subject to share.
    expect(sharesSubject("Lo conferma il documento, come dice il testo", PADOVA.text)).toBe(false);
  });
});

describe("the model's own check, when a model is connected", () => {
  const answering = (content: string | Error): QuestionCalls & { prompts: string[] } => {
    const prompts: string[] = [];
    return {
      prompts,
      upstream: {} as QuestionCalls["upstream"],
      asked: true,
      async ask(body) {
        prompts.push(JSON.stringify(body));
        if (content instanceof Error) throw content;
        const json = JSON.stringify({ choices: [{ message: { content } }] });
        return { contentType: "application/json", body: new Response(json).body! };
      },
    };
  };
  const pairs = [
    { claim: "Padova ha l'orto botanico più antico del mondo", passage: ESTE },
    { claim: "Padova ha l'orto botanico più antico del mondo", passage: PADOVA },
  ];
  const signal = new AbortController().signal;

  test("its answer decides, one line per pair; a line it does not give is the lexical check's", async () => {
    const calls = answering("1: sì\n");
    expect(await modelRelevance(calls, "llama-3.3-70b-versatile")(pairs, signal)).toEqual([true, true]);
    expect(calls.prompts[0]).toContain("Affermazione: Padova ha l'orto botanico più antico del mondo");
    expect(await modelRelevance(answering("1: no\n2: no"), "m")(pairs, signal)).toEqual([false, false]);
  });

  test("a model that fails leaves the lexical check", async () => {
    expect(await modelRelevance(answering(new Error("giù")), "m")(pairs, signal)).toEqual(await lexicalRelevance(pairs, signal));
  });
});
