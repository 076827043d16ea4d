import { conversationMarkdown, historyMessages, searchConversations, type SavedConversation } from "@oystar/conversation/history";
import { DeletionUndo } from "@oystar/conversation/react";
import { Button, Dialog, downloadFile, Notice, Toggle } from "@oystar/ui-kit/react";
import { useEffect, useId, useRef, useState } from "react";
import { messages } from "../messages";
import { HistoryTransfer } from "./history-transfer";
import type { DeviceHistory } from "./use-device-history";

const text = messages.history;

export type ConversationsPanelProps = {
  history: DeviceHistory;
  onClose: () => void;
  /** Opens a conversation in its module, to go on where it stopped. */
  onOpen: (conversation: SavedConversation) => void;
  /** 'Esci e cancella da questo dispositivo': this account's conversations deleted, then sign-out. */
  onSignOutAndClear: () => void;
  /** Issue 50 §1: where the focus goes when the last conversation is deleted and the panel closes (the composer). */
  composer?: () => HTMLElement | null;
};

const dateOf = (time: number) => new Date(time).toLocaleString("it-IT", { dateStyle: "medium", timeStyle: "short" });

/** The debate engine's own words for a kept debate (Markdown, PDF): loaded when one is exported. */
const debateEngine = () => import("@oystar/debate-engine");

/** A debate's Markdown is the debate engine's (turns, scorecard, vote); any other conversation's, the history's. */
async function markdownOf(conversation: SavedConversation): Promise<string> {
  if (conversation.module !== "debate") return conversationMarkdown(conversation);
  const engine = await debateEngine();
  const kept = engine.asKeptDebate(conversation.moduleState);
  return kept
    ? engine.keptDebateMarkdown(kept, { title: conversation.title, date: new Date(conversation.createdAt) })
    : conversationMarkdown(conversation);
}

/** Saves the conversation as a Markdown file. */
async function downloadMarkdown(conversation: SavedConversation) {
  const file = new Blob([await markdownOf(conversation)], { type: "text/markdown;charset=utf-8" });
  downloadFile(
    file,
    `${
      conversation.title
        .replace(/[^\p{L}\p{N} _-]+/gu, "")
        .trim()
        .slice(0, 60) || "conversazione"
    }.md`,
  );
}

/** Issue 50 §6: a chat or RAG conversation as a PDF — each question above its answer, the answers drawn as they read. */
async function downloadConversationPdf(conversation: SavedConversation) {
  const { conversationPdf, conversationPdfFileName } = await import("@oystar/pdf-tools");
  const date = new Date(conversation.createdAt);
  const subtitle = text.opened(historyMessages.moduleName[conversation.module], dateOf(conversation.createdAt));
  downloadFile(
    await conversationPdf({ title: conversation.title, subtitle, messages: conversation.messages, date }),
    conversationPdfFileName(conversation.title, date),
  );
}

/** Issue 35 §1: a kept debate's PDF, the one its screen's 'SCARICA PDF' (or 'Scarica Sintesi') makes. */
async function downloadDebatePdf(conversation: SavedConversation) {
  const engine = await debateEngine();
  const kept = engine.asKeptDebate(conversation.moduleState);
  if (!kept) throw new Error("debate: not a kept debate");
  const { file, name } = await engine.keptDebatePdf(kept, new Date(conversation.createdAt));
  downloadFile(file, name);
}

/**
 * Issue 35 §1: the conversations kept on this device — open one to go on, rename, delete one or
 * all, search, export — with the choice to keep them and the way to leave without a trace. A side
 * panel; on a phone, a full-screen sheet.
 */
export function ConversationsPanel({ history, onClose, onOpen, onSignOutAndClear, composer }: ConversationsPanelProps) {
  const [query, setQuery] = useState("");
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  // Issue 50 §1: after a deletion the focus goes to the next conversation (or the one before);
  // with none left, the panel closes and the focus goes to the composer, never to the page.
  const list = useRef<HTMLUListElement>(null);
  const [focusNext, setFocusNext] = useState<{ id: string | null; orClose: boolean } | null>(null);
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(null);
    const { id, orClose } = focusNext;
    const next = id === null ? null : list.current?.querySelector<HTMLElement>(`[data-conversation="${CSS.escape(id)}"]`);
    if (next) return next.focus();
    if (!orClose) return list.current?.closest<HTMLElement>("[role=dialog]")?.focus();
    const place = composer?.();
    // Closed once the dialog knows where the focus goes back (a render later).
    if (place) setReturnFocus(place);
    else onClose();
  }, [focusNext, composer, onClose]);
  useEffect(() => {
    if (returnFocus) onClose();
  }, [returnFocus, onClose]);
  const exporting = (download: () => Promise<void>) => {
    setExportFailed(false);
    download().catch(() => setExportFailed(true));
  };
  const searchId = useId();
  const shown = searchConversations(history.conversations, query);

  const remove = (conversation: SavedConversation) => {
    const at = shown.indexOf(conversation);
    const next = shown[at + 1] ?? shown[at - 1];
    setFocusNext({ id: next?.id ?? null, orClose: true });
    void history.remove(conversation.id);
  };

  const footer = (
    <>
      {/* Issue 50 §1: no question first — 'Annulla' for 10 s, as for one. */}
      <Button
        variant="secondary"
        disabled={history.conversations.length === 0}
        onClick={() => {
          setFocusNext({ id: null, orClose: true });
          void history.clear();
        }}
      >
        {text.clear}
      </Button>
      <Button variant="secondary" onClick={onSignOutAndClear}>
        {text.signOutAndClear}
      </Button>
    </>
  );

  return (
    <Dialog open onClose={onClose} placement="side" title={text.title} footer={footer} className="conversations" returnFocus={returnFocus}>
      <p className="conversations__scope">{text.scope}</p>
      <Toggle
        label={text.remember}
        checked={history.remember}
        onChange={history.setRemember}
        description={history.remember ? text.rememberOn : text.rememberOff}
      />
      {history.problem ? <Notice tone="error">{history.problem}</Notice> : null}
      <DeletionUndo
        undo={history.lastDeletion}
        onUndo={() => {
          // The button goes with the news: the focus goes to what came back.
          setFocusNext({ id: history.lastDeletion?.conversations[0]?.id ?? null, orClose: false });
          void history.undo();
        }}
      />
      {history.unreadable > 0 ? <Notice tone="warning">{historyMessages.unreadable(history.unreadable)}</Notice> : null}
      {history.status === "failed" ? <Notice tone="error">{text.failed}</Notice> : null}
      {exportFailed ? (
        <Notice tone="error" onDismiss={() => setExportFailed(false)}>
          {text.exportFailed}
        </Notice>
      ) : null}
      <div className="oy-field">
        <label htmlFor={searchId} className="oy-field__label">
          {text.search}
        </label>
        <input id={searchId} className="oy-input" type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      {history.status === "loading" ? (
        <p className="conversations__empty">{text.loading}</p>
      ) : shown.length === 0 ? (
        <p className="conversations__empty">{history.conversations.length === 0 ? text.empty : text.noMatch}</p>
      ) : (
        <ul ref={list} className="conversations__list" aria-label={text.listLabel}>
          {shown.map((conversation) => (
            <li key={conversation.id} className="conversations__item">
              {renaming?.id === conversation.id ? (
                <form
                  className="conversations__rename"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void history.rename(conversation.id, renaming.title).then(() => setRenaming(null));
                  }}
                >
                  <input
                    className="oy-input"
                    aria-label={text.renameLabel}
                    value={renaming.title}
                    maxLength={120}
                    autoFocus
                    onChange={(event) => setRenaming({ id: conversation.id, title: event.target.value })}
                  />
                  <Button type="submit" size="sm" disabled={!renaming.title.trim()}>
                    {text.renameSave}
                  </Button>
                  <Button type="button" size="sm" variant="secondary" onClick={() => setRenaming(null)}>
                    {text.cancel}
                  </Button>
                </form>
              ) : (
                <>
                  {/* Named «Apri «title»»: its visible words, the title, are in its name. */}
                  <button
                    type="button"
                    data-conversation={conversation.id}
                    className="conversations__open"
                    aria-label={text.openConversation(conversation.title)}
                    onClick={() => onOpen(conversation)}
                  >
                    <span className="conversations__title">{conversation.title}</span>
                  </button>
                  <span className="conversations__meta">
                    {text.opened(historyMessages.moduleName[conversation.module], dateOf(conversation.updatedAt))}
                  </span>
                  <div className="conversations__actions">
                    <Button size="sm" variant="ghost" onClick={() => setRenaming({ id: conversation.id, title: conversation.title })}>
                      {text.rename}
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => exporting(() => downloadMarkdown(conversation))}>
                      {text.exportMarkdown}
                    </Button>
                    {conversation.module !== "debate" || conversation.moduleState ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() =>
                          exporting(() =>
                            conversation.module === "debate" ? downloadDebatePdf(conversation) : downloadConversationPdf(conversation),
                          )
                        }
                      >
                        {text.exportPdf}
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={text.removeLabel(conversation.title)}
                      onClick={() => remove(conversation)}
                    >
                      {text.remove}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <HistoryTransfer history={history} />
    </Dialog>
  );
}
