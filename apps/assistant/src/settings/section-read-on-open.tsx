import { useLoad, type Loaded } from "@oystar/api-client/react";
import { Notice, Spinner } from "@oystar/ui-kit/react";
import { useState, type ReactNode } from "react";

/** What a section says around what it shows: its title, what it covers, and its two other states. */
export type SectionWords = { title: string; scope: string; loadFailed: string; empty: string };

/**
 * An admin panel section whose content is read only when the admin opens it (the index requests,
 * the model leaderboard, the web vitals): its title and scope, then a spinner, its failure, its
 * empty state, or what `children` shows of what was read. Closed again, it forgets what it read.
 */
export function SectionReadOnOpen<T>({
  id,
  words,
  read,
  isEmpty,
  children,
}: {
  id?: string;
  words: SectionWords;
  /** Reads the section's content (called each time the section is opened). */
  read: () => Promise<T>;
  isEmpty: (data: T) => boolean;
  /** What was read, shown; `loaded` lets the section add to it (a next page). */
  children: (data: T, loaded: Loaded<T>) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // `read` is a new function each render: opening the section is what reads it again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const loaded = useLoad(() => (open ? read() : null), [open]);
  return (
    <details id={id} className="settings-panel__vitals" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{words.title}</summary>
      <p className="settings-panel__scope">{words.scope}</p>
      {loaded.status === "failed" ? (
        <Notice tone="error">{words.loadFailed}</Notice>
      ) : loaded.data !== undefined ? (
        isEmpty(loaded.data) ? (
          <p>{words.empty}</p>
        ) : (
          children(loaded.data, loaded)
        )
      ) : open ? (
        <Spinner />
      ) : null}
    </details>
  );
}
