import { ASSISTANT_PATHS } from "@oystar/api-client";
import { groupConversations, searchConversations, type SavedConversation } from "@oystar/conversation";
import { Button, IconButton } from "@oystar/ui-kit/react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useStore } from "zustand";
import { messages } from "../messages";
import { sidebarStore, toggleSidebar } from "./sidebar-store";
import { conversationPath } from "./use-conversation-address";
import type { DeviceHistory } from "./use-device-history";

const text = messages.history;

/** The conversation whose address is open (`/chat/:id` …), if any. */
function openId(pathname: string): string | null {
  const [, module, id] = pathname.split("/");
  const modules: string[] = [ASSISTANT_PATHS.chat, ASSISTANT_PATHS.rag, ASSISTANT_PATHS.debate];
  return module && id && modules.includes(`/${module}`) ? decodeURIComponent(id) : null;
}

/**
 * Issue 50 §3: on wide screens, the conversations kept on this device beside the screen — by day,
 * searchable, each opened, renamed, pinned or deleted in place; folded or open as the user left it.
 * On phones the 'Conversazioni' panel does this (the sidebar is not shown there).
 */
export function ConversationsSidebar({ history, composer }: { history: DeviceHistory; composer: () => HTMLElement | null }) {
  const collapsed = useStore(sidebarStore, (state) => state.collapsed);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = openId(pathname);
  const [query, setQuery] = useState("");
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const bodyId = useId();
  const searchId = useId();
  const list = useRef<HTMLDivElement>(null);
  // Issue 50 §1: after a deletion the focus goes to the next conversation, or to the composer.
  const [focusNext, setFocusNext] = useState<{ id: string | null } | null>(null);
  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(null);
    const next =
      focusNext.id === null ? null : list.current?.querySelector<HTMLElement>(`[data-conversation="${CSS.escape(focusNext.id)}"]`);
    (next ?? composer())?.focus();
  }, [focusNext, composer]);

  const shown = searchConversations(history.conversations, query);
  const groups = groupConversations(shown, Date.now());
  const remove = (conversation: SavedConversation) => {
    const order = groups.flatMap((group) => group.conversations);
    const at = order.indexOf(conversation);
    setFocusNext({ id: (order[at + 1] ?? order[at - 1])?.id ?? null });
    void history.remove(conversation.id);
  };

  return (
    <aside className={`conversations-sidebar${collapsed ? " conversations-sidebar--collapsed" : ""}`} aria-label={text.sidebarLabel}>
      <div className="conversations-sidebar__header">
        <IconButton
          size="sm"
          label={collapsed ? text.expandSidebar : text.collapseSidebar}
          aria-expanded={!collapsed}
          aria-controls={collapsed ? undefined : bodyId}
          icon={<PanelIcon />}
          onClick={toggleSidebar}
        />
        {collapsed ? null : <h2 className="conversations-sidebar__title">{text.title}</h2>}
      </div>
      {collapsed ? null : (
        <div id={bodyId} className="conversations-sidebar__body" ref={list}>
          <div className="oy-field">
            <label htmlFor={searchId} className="oy-visually-hidden">
              {text.search}
            </label>
            <input
              id={searchId}
              className="oy-input"
              type="search"
              placeholder={text.search}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          {history.status === "loading" ? <p className="conversations__empty">{text.loading}</p> : null}
          {history.status !== "loading" && groups.length === 0 ? (
            <p className="conversations__empty">{history.conversations.length === 0 ? text.empty : text.noMatch}</p>
          ) : null}
          {groups.map((group) => (
            <section key={group.label} className="conversations-sidebar__group" aria-label={group.label}>
              <h3 className="conversations-sidebar__day">{group.label}</h3>
              <ul className="conversations-sidebar__list">
                {group.conversations.map((conversation) => (
                  <li key={conversation.id} className="conversations-sidebar__item">
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
                          onKeyDown={(event) => (event.key === "Escape" ? setRenaming(null) : undefined)}
                        />
                        <Button type="submit" size="sm" disabled={!renaming.title.trim()}>
                          {text.renameSave}
                        </Button>
                      </form>
                    ) : (
                      <>
                        <button
                          type="button"
                          data-conversation={conversation.id}
                          className="conversations-sidebar__open"
                          aria-current={conversation.id === current ? "page" : undefined}
                          aria-label={text.openConversation(conversation.title)}
                          onClick={() => void navigate(conversationPath(conversation.module, conversation.id))}
                        >
                          {conversation.title}
                        </button>
                        <div className="conversations-sidebar__actions">
                          <IconButton
                            size="sm"
                            label={text.renameNamed(conversation.title)}
                            icon={<PencilIcon />}
                            onClick={() => setRenaming({ id: conversation.id, title: conversation.title })}
                          />
                          <IconButton
                            size="sm"
                            label={conversation.pinned ? text.unpin(conversation.title) : text.pin(conversation.title)}
                            aria-pressed={conversation.pinned === true}
                            icon={<PinIcon />}
                            onClick={() => void history.pin(conversation.id, !conversation.pinned)}
                          />
                          <IconButton
                            size="sm"
                            label={text.removeLabel(conversation.title)}
                            icon={<TrashIcon />}
                            onClick={() => remove(conversation)}
                          />
                        </div>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </aside>
  );
}

const iconProps = {
  viewBox: "0 0 24 24",
  width: 16,
  height: 16,
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/** A panel with its side bar. */
const PanelIcon = () => (
  <svg {...iconProps}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16" />
  </svg>
);
const PencilIcon = () => (
  <svg {...iconProps}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </svg>
);
const PinIcon = () => (
  <svg {...iconProps}>
    <path d="M12 17v5" />
    <path d="M9 3h6l-1 6 4 4H6l4-4z" />
  </svg>
);
const TrashIcon = () => (
  <svg {...iconProps}>
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="M6 6l1 14h10l1-14" />
  </svg>
);
