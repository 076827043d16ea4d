import { useCallback, useEffect, useMemo, useState, type DependencyList } from "react";

export type Loaded<T> = {
  /** idle: nothing to read yet (no loader); loading; loaded; failed. */
  status: "idle" | "loading" | "loaded" | "failed";
  /** The last answer: kept while it is read again, gone when a read fails. */
  data: T | undefined;
  /** Why the last read failed. */
  error: unknown;
  /** Reads again. */
  reload: () => void;
  /** Puts an answer the screen already has in place of the last one (what a save sent back). */
  replace: (data: T) => void;
};

type LoadState<T> = Pick<Loaded<T>, "status" | "data" | "error">;

/**
 * The one way the apps read data for a screen: `load` runs on mount, again when `deps` change or
 * on `reload()`, and an answer that arrives after a newer read started (or after the screen left)
 * is dropped. A `load` that answers null has nothing to read yet (e.g. nobody is signed in).
 */
export function useLoad<T>(load: () => Promise<T> | null, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>({ status: "loading", data: undefined, error: undefined });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const reading = load();
    if (!reading) {
      setState({ status: "idle", data: undefined, error: undefined });
      return;
    }
    let current = true;
    setState((previous) => ({ status: "loading", data: previous.data, error: undefined }));
    reading.then(
      (data) => current && setState({ status: "loaded", data, error: undefined }),
      (error: unknown) => current && setState({ status: "failed", data: undefined, error }),
    );
    return () => {
      current = false;
    };
    // The caller's deps say when to read again (the lint checks them at the call: additionalHooks).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const replace = useCallback((data: T) => setState({ status: "loaded", data, error: undefined }), []);
  return useMemo(() => ({ ...state, reload, replace }), [state, reload, replace]);
}
