import { ASSISTANT_PATHS } from "@oystar/api-client";
import { BackendStatusBadge } from "@oystar/api-client/react";
import { buttonClassName, retryOnce } from "@oystar/ui-kit";
import { useAuth } from "@oystar/auth/react";
import { authMessages } from "@oystar/auth";
import { AppHeader, Button, IconButton, Notice, ThemeSwitch } from "@oystar/ui-kit/react";
import { PlanBadge, QuotaBadge } from "@oystar/plans-and-gates/react";
import { toggleAdvancedControls } from "@oystar/conversation";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { messages } from "../messages";
import type { SavedConversation } from "@oystar/conversation";
import { useDeviceHistory } from "../history/use-device-history";
import { conversationPath } from "../history/use-conversation-address";
import { UndoDeletion } from "../history/undo-deletion";
import { ConversationsSidebar } from "../history/conversations-sidebar";
import type { AssistantContext } from "./assistant-context";
import { useAssistantData } from "./use-assistant-data";

// Only the admin ever opens the settings panel: it is not part of everyone's first load.
const GlobalSettingsPanel = lazy(
  retryOnce(() => import("../settings/global-settings-panel").then((module) => ({ default: module.GlobalSettingsPanel }))),
);
// The conversations kept on the device load when their panel opens (issue 35 §1).
const ConversationsPanel = lazy(
  retryOnce(() => import("../history/conversations-panel").then((module) => ({ default: module.ConversationsPanel }))),
);

/** The shared header of spec 001 §2 around the three modules. */
export function AssistantLayout() {
  const { version, backend, health, offlineModel, modelProvider, profile, subscription, globalSettings, chatModels } = useAssistantData();
  const auth = useAuth();
  const user = auth.status === "authenticated" ? auth.user : null;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsSaved, setSettingsSaved] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const onDebate = pathname.startsWith(ASSISTANT_PATHS.debate);
  const status = subscription.data ?? null;
  const subscriptionFailed = subscription.status === "failed";
  const plan = subscriptionFailed ? "free" : status?.plan;
  // spec 001 §2: the user's email, or the username; the server's profile once it answers.
  const shownName = profile ? (profile.email ?? profile.username) : (user?.email ?? user?.username);
  // A function in state must be set through an updater, or React would call it.
  const [clearChat, setClearChatState] = useState<(() => void) | null>(null);
  const setClearChat = useCallback((clear: (() => void) | null) => setClearChatState(() => clear), []);
  const history = useDeviceHistory(user?.sub ?? null);
  // Issue 50 §2: a conversation opens at its address, in its module's screen.
  const openAtItsAddress = (conversation: SavedConversation) => void navigate(conversationPath(conversation.module, conversation.id));
  const [unknownAddress, setUnknownAddress] = useState(false);
  const tellUnknownAddress = useCallback(() => setUnknownAddress(true), []);
  const [conversationsOpen, setConversationsOpen] = useState(false);
  // 'Esci e cancella da questo dispositivo': this account's conversations go, then the session.
  const signOutAndClear = () => void history.forget().finally(() => void auth.logout());
  const context = useMemo<AssistantContext>(
    () => ({
      subscription: status,
      subscriptionFailed,
      refreshSubscription: subscription.reload,
      profile,
      backend,
      health,
      offlineModel,
      modelProvider,
      chatModels,
      globalSettings: globalSettings.data ?? null,
      version,
      setClearChat,
      history,
      tellUnknownAddress,
      showConversations: () => setConversationsOpen(true),
    }),
    [
      status,
      subscriptionFailed,
      subscription.reload,
      profile,
      backend,
      health,
      offlineModel,
      modelProvider,
      chatModels,
      globalSettings.data,
      version,
      setClearChat,
      history,
      tellUnknownAddress,
    ],
  );
  return (
    <div className="assistant">
      {/* Issue 52 §7: a skip link past the header to the page's content. */}
      <a className="assistant-skip-link" href="#contenuto">
        {messages.skipToContent}
      </a>
      <AppHeader
        brand={
          <div className="assistant-brand">
            {/* The site root belongs to the marketing app: a full page load. */}
            <a href="/" className="assistant-brand__name">
              {messages.productName}
            </a>
            {/* spec 001 §2: clicking the version opens the advanced settings. */}
            {version ? (
              <button
                type="button"
                className="assistant-brand__version"
                title={messages.openAdvanced}
                onClick={() => toggleAdvancedControls()}
              >
                {messages.version(version)}
              </button>
            ) : null}
            <span className="assistant-brand__tagline">{messages.tagline}</span>
          </div>
        }
        nav={
          <nav aria-label={messages.modulesLabel} className="assistant-modules">
            {messages.modules.map((module) => (
              <NavLink
                key={module.path}
                to={module.path}
                className={({ isActive }) => buttonClassName({ size: "sm", variant: isActive ? "primary" : "ghost" })}
              >
                {module.label}
              </NavLink>
            ))}
          </nav>
        }
        // Issue 27 §3: on a phone the row keeps the product name, this dot and the menu button.
        indicator={<BackendStatusBadge status={backend} provider={offlineModel ? null : modelProvider} />}
        status={
          <>
            <PlanBadge plan={plan} />
            {/* spec 001 §2: debates on /debate, queries elsewhere. */}
            {onDebate ? (
              <QuotaBadge label="Dibattiti" used={status?.debates_used} limit={status?.debates_limit} />
            ) : (
              <QuotaBadge label="Domande" used={status?.queries_used} limit={status?.queries_limit} />
            )}
          </>
        }
        user={
          // Issue 36 §8: the user's name opens 'Il mio account' — one item, and the header's row
          // at 1280 px stays as it was.
          shownName ? (
            <Link to={ASSISTANT_PATHS.account} className="assistant-user" title={`${messages.account.title}: ${shownName}`}>
              <span className="oy-visually-hidden">{messages.account.title}: </span>
              {shownName}
            </Link>
          ) : null
        }
        actions={
          <>
            {/* Issue 36 §7: 'Tema' — Automatico, Chiaro, Scuro; in the phone's menu with the rest. */}
            <ThemeSwitch />
            {clearChat ? (
              <Button variant="ghost" size="sm" onClick={clearChat}>
                {messages.clearChat}
              </Button>
            ) : null}
            {/* spec 001 §6: only the admin sees it; GET /api/me carries the server's verdict. */}
            {profile?.isAdmin ? (
              // An icon (named 'Impostazioni globali' for screen readers and as a tooltip): with
              // every badge the admin's header still fits one row at 1280 px (issue 14 §8).
              <IconButton size="sm" label={messages.settings.open} icon={<SettingsIcon />} onClick={() => setSettingsOpen(true)} />
            ) : null}
            <Button variant="secondary" size="sm" onClick={() => void auth.logout()}>
              {authMessages.signOut}
            </Button>
          </>
        }
      />
      {settingsOpen ? (
        <Suspense fallback={null}>
          <GlobalSettingsPanel
            open
            health={health}
            onClose={() => setSettingsOpen(false)}
            onSaved={(answer) => {
              globalSettings.replace(answer);
              setSettingsSaved(true);
            }}
          />
        </Suspense>
      ) : null}
      {conversationsOpen ? (
        <Suspense fallback={null}>
          <ConversationsPanel
            history={history}
            onClose={() => setConversationsOpen(false)}
            onOpen={(conversation) => {
              openAtItsAddress(conversation);
              setConversationsOpen(false);
            }}
            onSignOutAndClear={signOutAndClear}
            composer={composerElement}
          />
        </Suspense>
      ) : null}
      {/* Issue 50 §3: the conversations beside the screen on wide screens. */}
      <div className="assistant-body">
        <ConversationsSidebar history={history} composer={composerElement} />
        <main id="contenuto" tabIndex={-1} className="assistant-main">
          {unknownAddress ? (
            <Notice tone="info" onDismiss={() => setUnknownAddress(false)}>
              {messages.history.unknownAddress}
            </Notice>
          ) : null}
          {/* Issue 50 §1: 'Annulla' for 10 s after a deletion (in the panel while it is open). */}
          {!conversationsOpen ? <UndoDeletion history={history} /> : null}
          {settingsSaved ? (
            <Notice tone="success" onDismiss={() => setSettingsSaved(false)}>
              {messages.settings.saved}
            </Notice>
          ) : null}
          <Outlet context={context} />
        </main>
      </div>
    </div>
  );
}

/** Issue 50 §1: the screen's place to write — the chat's message box, the debate's first thesis. */
const composerElement = () => document.querySelector<HTMLElement>(".assistant-main textarea");

/** A gear. */
function SettingsIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </svg>
  );
}
