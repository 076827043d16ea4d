import { conversationMarkdown, historyMessages, searchConversations, type SavedConversation } from "@oystar/conversation/history";
import { Button, Dialog, downloadFile, Notice, Toggle } from "@oystar/ui-kit/react";
import { useId, useState } from "react";
import { messages } from "../messages";
import type { DeviceHistory } from "./use-device-history";

const text = messages.history;

export type ConversationsPanelProps = {
  history: DeviceHistory;
  onClose: () => void;
  /** Opens a conversation in its module, to go on where it stopped. */
  onOpen: (conversation: SavedConversation) => void;
  /** 'Esci e cancella da questo dispositivo': this account's conversations deleted, then sign-out. */
  onSignOutAndClear: () => void;
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
export function ConversationsPanel({ history, onClose, onOpen, onSignOutAndClear }: ConversationsPanelProps) {
  const [query, setQuery] = useState("");
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const exporting = (download: () => Promise<void>) => {
    setExportFailed(false);
    download().catch(() => setExportFailed(true));
  };
  const searchId = useId();
  const shown = searchConversations(history.conversations, query);

  const footer = confirmingClear ? (
    <>
      <span className="conversations__question">{text.clearQuestion}</span>
      <Button variant="secondary" onClick={() => setConfirmingClear(false)}>
        {text.cancel}
      </Button>
      <Button variant="danger" onClick={() => void history.clear().then(() => setConfirmingClear(false))}>
        {text.clearConfirm}
      </Button>
    </>
  ) : (
    <>
      <Button variant="secondary" disabled={history.conversations.length === 0} onClick={() => setConfirmingClear(true)}>
        {text.clear}
      </Button>
      <Button variant="secondary" onClick={onSignOutAndClear}>
        {text.signOutAndClear}
      </Button>
    </>
  );

  return (
    <Dialog open onClose={onClose} placement="side" title={text.title} footer={footer} className="conversations">
      <p className="conversations__scope">{text.scope}</p>
      <Toggle
        label={text.remember}
        checked={history.remember}
        onChange={history.setRemember}
        description={history.remember ? text.rememberOn : text.rememberOff}
      />
      {history.problem ? <Notice tone="error">{history.problem}</Notice> : null}
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
        <ul className="conversations__list" aria-label={text.listLabel}>
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
                    {conversation.module === "debate" && conversation.moduleState ? (
                      <Button size="sm" variant="ghost" onClick={() => exporting(() => downloadDebatePdf(conversation))}>
                        {text.exportPdf}
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={text.removeLabel(conversation.title)}
                      onClick={() => void history.remove(conversation.id)}
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
    </Dialog>
  );
}
