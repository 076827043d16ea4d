import { indexLabel, type IndicesList } from "@oystar/api-client";

// Which indexes a RAG question searches and how they are named (spec 001 §2, §4, §7, §9).

export type IndexOption = {
  name: string;
  label: string;
  /** issue 36 §3: questions the index's documents answer, as the server lists them (the demo's). */
  examples?: readonly string[];
};

/** spec 001 §9: an index by its label; our server sends the labels, an older one only names. */
function indexOptionsOf(list: IndicesList): IndexOption[] {
  const details = new Map((list.details ?? []).map((detail) => [detail.name, detail]));
  return list.indices.map((name) => {
    const detail = details.get(name);
    return { name, label: detail?.label ?? indexLabel(name), ...(detail?.examples?.length ? { examples: detail.examples } : {}) };
  });
}

/**
 * The indexes a question searches, as the server chooses them: the admin's that the user may use,
 * else every index the user may use (an empty setting means every index). Unknown list: the
 * admin's names as they are.
 */
export function indexesInUse(settingsNames: readonly string[], list: IndicesList | null): IndexOption[] {
  if (!list) return settingsNames.map((name) => ({ name, label: indexLabel(name) }));
  const options = indexOptionsOf(list);
  const configured = options.filter((option) => settingsNames.includes(option.name));
  return configured.length > 0 ? configured : options;
}

/**
 * The request's `index_names`: the admin's names the user may use. The server refuses (403) a
 * named index the user may not use, so names outside the user's list are never sent; with none
 * left (or no list yet) nothing is named and the server takes the settings' usable ones or all.
 */
export function requestIndexNames(settingsNames: readonly string[], usable: readonly string[] | null): string[] {
  if (!usable) return [];
  return settingsNames.filter((name) => usable.includes(name));
}

export type IndexPicker = {
  /** The indexes the admin may choose from. */
  options: IndexOption[];
  /** The chosen ones; empty means every index. */
  selected: string[];
};

/**
 * spec 001 §4 (global settings panel): a current index not in the list is replaced by the list's
 * default (or its first entry); with no indices returned the current ones are kept as the only
 * options; a list that failed to load (null) keeps the current ones too.
 */
export function indexPicker(current: readonly string[], list: IndicesList | null): IndexPicker {
  const keep: IndexPicker = { options: current.map((name) => ({ name, label: indexLabel(name) })), selected: [...current] };
  const first = list?.indices[0];
  if (!list || first === undefined) return keep;
  const options = indexOptionsOf(list);
  const fallback = list.indices.includes(list.default) ? list.default : first;
  const selected = [...new Set(current.map((name) => (list.indices.includes(name) ? name : fallback)))];
  return { options, selected };
}

/**
 * issue 36 §3: the example questions the empty screen offers — only while the one index asked is
 * one the server gave examples for (the demo), since they are answered by its documents alone.
 */
export function exampleQuestions(indexes: readonly IndexOption[] | null): readonly string[] {
  return indexes?.length === 1 ? (indexes[0]?.examples ?? []) : [];
}
