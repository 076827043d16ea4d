import type { IndicesList } from "@oystar/api-client";
import { describe, expect, test } from "vitest";
import { exampleQuestions, indexesInUse, indexPicker, requestIndexNames } from "./index-choice";

const list: IndicesList = {
  indices: ["gardenroute-demo", "contratti-test"],
  default: "gardenroute-demo",
  path: "rag_indexes",
  details: [{ name: "gardenroute-demo", label: "Garden Route", shared: true, documents: 72, bytes: 1 }],
};

describe("the settings panel's index picker (spec 001 §4)", () => {
  test("a current index not in the list is replaced by the list's default", () => {
    expect(indexPicker(["vecchio-indice"], list)).toEqual({
      options: [
        { name: "gardenroute-demo", label: "Garden Route" },
        { name: "contratti-test", label: "Test" },
      ],
      selected: ["gardenroute-demo"],
    });
  });

  test("… or by its first entry when the default is not one of them", () => {
    expect(indexPicker(["vecchio-indice", "contratti-test"], { ...list, default: "" }).selected).toEqual([
      "gardenroute-demo",
      "contratti-test",
    ]);
  });

  test("every index (nothing chosen) stays every index", () => {
    expect(indexPicker([], list).selected).toEqual([]);
  });

  test("no indices returned, or the list failed: the current ones are kept as the only options", () => {
    const kept = { options: [{ name: "gardenroute-1000-x", label: "Esteso (1000 documenti)" }], selected: ["gardenroute-1000-x"] };
    expect(indexPicker(["gardenroute-1000-x"], { indices: [], default: "", path: "" })).toEqual(kept);
    expect(indexPicker(["gardenroute-1000-x"], null)).toEqual(kept);
  });
});

describe("the indexes a question searches", () => {
  test("the admin's names the user may use; else all of the user's", () => {
    expect(indexesInUse(["contratti-test", "altrui"], list)).toEqual([{ name: "contratti-test", label: "Test" }]);
    expect(indexesInUse(["altrui"], list).map((option) => option.name)).toEqual(["gardenroute-demo", "contratti-test"]);
    expect(indexesInUse([], null)).toEqual([]);
    expect(indexesInUse(["gardenroute-500-a"], null)).toEqual([{ name: "gardenroute-500-a", label: "Consigliato (500 documenti)" }]);
  });

  test("the request never names an index outside the user's list", () => {
    expect(requestIndexNames(["gardenroute-demo", "altrui"], list.indices)).toEqual(["gardenroute-demo"]);
    expect(requestIndexNames(["gardenroute-demo"], null)).toEqual([]);
  });
});

test("issue 36 §3: an index's example questions come from the list's details, and are offered only while it is the one index asked", () => {
  const withExamples = {
    indices: ["gardenroute-demo", "dossier"],
    default: "gardenroute-demo",
    path: "rag_indexes",
    details: [
      {
        name: "gardenroute-demo",
        label: "Garden Route",
        shared: true,
        documents: 78,
        bytes: 1,
        examples: ["Chi ha creato il Giardino dei Tarocchi a Capalbio?"],
      },
      { name: "dossier", label: "Dossier", shared: false, documents: 2, bytes: 1 },
    ],
  };
  expect(exampleQuestions(indexesInUse(["gardenroute-demo"], withExamples))).toEqual([
    "Chi ha creato il Giardino dei Tarocchi a Capalbio?",
  ]);
  expect(exampleQuestions(indexesInUse(["dossier"], withExamples))).toEqual([]);
  // No index named: every index is asked, so no example stands for them all.
  expect(exampleQuestions(indexesInUse([], withExamples))).toEqual([]);
  expect(exampleQuestions(null)).toEqual([]);
});
