import type { Hunspell } from "hunspell-asm";

// The Italian dictionary the spell check asks before it "corrects" a word (spell-check.ts): the
// LibreOffice Italian Hunspell dictionary (npm `dictionary-it`, GPL-3.0, shipped in node_modules)
// read by Hunspell itself (npm `hunspell-asm`: Hunspell compiled to WebAssembly, nothing
// downloaded). nspell, the pure-JavaScript reader, never finishes loading the Italian affix rules
// (nspell issues #9 and #11). Loaded on the first question that needs it (~0.5 s, ~20 MB), never
// at server start: the spell check is off by default.

export type ItalianDictionary = {
  /** Whether Italian has this word, as written or in lower case («Tokyo», «uffici», «dell'acqua»). */
  knows(word: string): boolean;
};

let loading: Promise<ItalianDictionary> | null = null;

async function load(): Promise<ItalianDictionary> {
  const [{ loadModule }, { default: files }] = await Promise.all([import("hunspell-asm"), import("dictionary-it")]);
  const factory = await loadModule();
  const hunspell: Hunspell = factory.create(factory.mountBuffer(files.aff, "it_IT.aff"), factory.mountBuffer(files.dic, "it_IT.dic"));
  return {
    knows: (word) => hunspell.spell(word) || hunspell.spell(word.toLowerCase()),
  };
}

/** The one dictionary of the process, loaded at the first call. A failed load is tried again at the next. */
export function italianDictionary(): Promise<ItalianDictionary> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
