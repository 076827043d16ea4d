import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { expect, test } from "vitest";
import { useLoad } from "./use-load";

/** Answers the test hands out one by one, in any order. */
function answers() {
  const pending: Array<{ resolve: (value: string) => void; reject: (error: Error) => void }> = [];
  const load = () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
  return { pending, load };
}

function Screen({ load, id }: { load: ((id: string) => Promise<string>) | null; id: string }) {
  const loaded = useLoad(() => (load ? load(id) : null), [load, id]);
  return (
    <>
      <p>{`${loaded.status}: ${loaded.data ?? "-"}`}</p>
      <button type="button" onClick={loaded.reload}>
        Ricarica
      </button>
      <button type="button" onClick={() => loaded.replace("salvato")}>
        Sostituisci
      </button>
    </>
  );
}

test("loading, then the answer; reload keeps it shown until the new one arrives", async () => {
  const { pending, load } = answers();
  render(<Screen load={load} id="a" />);
  expect(screen.getByText("loading: -")).toBeInTheDocument();
  await act(async () => pending[0]?.resolve("uno"));
  expect(screen.getByText("loaded: uno")).toBeInTheDocument();
  act(() => screen.getByRole("button", { name: "Ricarica" }).click());
  expect(screen.getByText("loading: uno")).toBeInTheDocument();
  await act(async () => pending[1]?.resolve("due"));
  expect(screen.getByText("loaded: due")).toBeInTheDocument();
});

test("a failed read says so and drops the old answer", async () => {
  const { pending, load } = answers();
  render(<Screen load={load} id="a" />);
  await act(async () => pending[0]?.resolve("uno"));
  act(() => screen.getByRole("button", { name: "Ricarica" }).click());
  await act(async () => pending[1]?.reject(new Error("rete")));
  expect(screen.getByText("failed: -")).toBeInTheDocument();
});

test("an answer to an older read never replaces a newer one", async () => {
  const { pending, load } = answers();
  function Switching() {
    const [id, setId] = useState("a");
    return (
      <>
        <Screen load={load} id={id} />
        <button type="button" onClick={() => setId("b")}>
          Cambia
        </button>
      </>
    );
  }
  render(<Switching />);
  act(() => screen.getByRole("button", { name: "Cambia" }).click());
  await act(async () => pending[1]?.resolve("nuovo"));
  await act(async () => pending[0]?.resolve("vecchio"));
  expect(screen.getByText("loaded: nuovo")).toBeInTheDocument();
});

test("without a loader nothing is read; a saved answer can take the place of the read one", async () => {
  render(<Screen load={null} id="a" />);
  expect(screen.getByText("idle: -")).toBeInTheDocument();
  act(() => screen.getByRole("button", { name: "Sostituisci" }).click());
  expect(screen.getByText("loaded: salvato")).toBeInTheDocument();
});
