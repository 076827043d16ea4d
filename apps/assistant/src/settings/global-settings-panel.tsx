import { defaultSettings, HttpError, settingsUpdateSchema, type Health, type Settings, type SettingsAnswer } from "@oystar/api-client";
import { useLoad } from "@oystar/api-client/react";
import { useApiClient } from "@oystar/auth/react";
import { indexPicker, loadIndices, ragRunning, stagesThatCannotRun, type IndexOption } from "@oystar/rag-client";
import { Button, Dialog, Notice, Spinner } from "@oystar/ui-kit/react";
import { useMemo, useState, type MouseEvent } from "react";
import { messages } from "../messages";
import { SettingsFieldControl } from "./settings-field-control";
import { settingsSections, withProvider } from "./settings-fields";
import { IndexRequestsSection } from "./index-requests-section";
import { ModelLeaderboardSection } from "./model-leaderboard-section";
import { WebVitalsSection } from "./web-vitals-section";

export type GlobalSettingsPanelProps = {
  open: boolean;
  /** GET /api/health: beside the RAG's embedder, model and reranker, what the server runs (issue 23 §6). */
  health?: Health | null;
  onClose: () => void;
  /** The saved settings, for every module of this page to use at once. */
  onSaved: (answer: SettingsAnswer) => void;
};

type Phase = "editing" | "confirmingReset" | "saving";

const text = messages.settings;

/**
 * spec 001 §2, §4, §5: the admin's global settings, applied to all users. Only the admin is
 * shown the way here; the server decides who may save (403 'ACCESSO NEGATO…' for anyone else).
 */
export function GlobalSettingsPanel({ open, onClose, onSaved, health = null }: GlobalSettingsPanelProps) {
  const api = useApiClient();
  // spec 001 §4: opening loads the settings; on failure the built-in defaults are shown.
  const loaded = useLoad(() => (open ? api.call("settings") : null), [api, open]);
  // spec 001 §4: … and the index list, which the index choice is made from.
  const indices = useLoad(() => (open ? loadIndices(api) : null), [api, open]);
  // Issue 36 §2: the models the model server serves, to mark the listed ones it does not.
  const served = useLoad(() => (open ? api.call("models") : null), [api, open]);
  const servedModels = useMemo(() => (served.data ? new Set(served.data.data.map((model) => model.id)) : null), [served.data]);
  // The admin's draft: null until the settings are read, then the form's own until saved.
  const [draft, setDraft] = useState<Settings | null>(null);
  const [phase, setPhase] = useState<Phase>("editing");
  const [notice, setNotice] = useState<{ tone: "info" | "error"; text: string } | null>(null);
  const [indexChoice, setIndexChoice] = useState<{ options: IndexOption[]; note: string | null }>({ options: [], note: null });
  const answered = (status: string) => status === "loaded" || status === "failed";
  if (draft === null && answered(loaded.status) && answered(indices.status)) {
    // Set while rendering (React's way to start state from what arrived): one read, one draft.
    const settings = loaded.data?.settings ?? defaultSettings;
    const list = indices.status === "loaded" ? (indices.data ?? null) : null;
    // spec 001 §4: an index not in the list gives way to the list's default; no list keeps the current.
    const picker = indexPicker(settings.rag_index_names, list);
    setDraft({ ...settings, rag_index_names: picker.selected });
    setIndexChoice({
      options: picker.options,
      note: list === null ? text.indexesUnavailable : list.indices.length === 0 ? text.noIndexes : null,
    });
    if (loaded.status === "failed") setNotice({ tone: "error", text: text.loadFailed });
  }

  const change = (update: Partial<Settings>) =>
    setDraft((settings) => {
      if (!settings) return settings;
      const next = { ...settings, ...update };
      return update.rag_provider ? withProvider(next, update.rag_provider) : next;
    });

  async function save() {
    if (!draft) return;
    const checked = settingsUpdateSchema.safeParse(draft);
    if (!checked.success) {
      setNotice({ tone: "error", text: checked.error.issues[0]?.message ?? text.saveFailed });
      return;
    }
    setPhase("saving");
    setNotice(null);
    try {
      onSaved(await api.call("saveSettings", { body: checked.data }));
      onClose();
    } catch (error) {
      setNotice({ tone: "error", text: saveFailureText(error) });
    } finally {
      setPhase("editing");
    }
  }

  function restoreDefaults() {
    setDraft(defaultSettings);
    setPhase("editing");
    setNotice({ tone: "info", text: text.defaultsRestored });
  }

  const footer =
    phase === "confirmingReset" ? (
      <>
        <span className="settings-panel__question">{text.resetQuestion}</span>
        <Button variant="secondary" onClick={() => setPhase("editing")}>
          {text.cancel}
        </Button>
        <Button onClick={restoreDefaults}>{text.resetConfirm}</Button>
      </>
    ) : (
      <>
        <Button variant="secondary" disabled={phase !== "editing"} onClick={() => setPhase("confirmingReset")}>
          {text.reset}
        </Button>
        <Button disabled={phase !== "editing"} onClick={() => void save()}>
          {phase === "saving" ? text.saving : text.save}
        </Button>
      </>
    );

  // What runs beside what the draft asks for: the fields name a choice, the server may run another.
  const running = draft ? ragRunning(health, draft) : null;
  const runningOf = (key: string) =>
    key === "rag_embed_model"
      ? running?.embedder
      : key === "rag_llm_model"
        ? running?.model
        : key === "rag_use_reranker"
          ? running?.reranker
          : undefined;
  // Issue 36 §2: one truth per setting — a stage the server cannot run is shown off, with why.
  const cannotRun: Partial<Record<string, string>> = stagesThatCannotRun(health);

  return (
    <Dialog open={open} onClose={onClose} placement="side" title={text.title} footer={draft ? footer : undefined}>
      <p className="settings-panel__scope">{text.scope}</p>
      {/* Issue 36 §1: how to connect a model is the admin's to read — here and in the README only. */}
      {health?.model?.offline ? (
        <Notice tone="info" title={text.offlineModelTitle}>
          {text.offlineModelHowTo}
        </Notice>
      ) : null}
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <SectionIndex />
      {draft ? (
        <form className="settings-panel__form" onSubmit={(event) => event.preventDefault()}>
          {settingsSections.map((section) => (
            <fieldset key={section.title} id={sectionId(section.title)} className="settings-panel__section">
              <legend className="settings-panel__legend">{section.title}</legend>
              {section.fields
                .filter((field) => field.shownWhen?.(draft) ?? true)
                .map((field) => (
                  <SettingsFieldControl
                    key={field.key}
                    field={field}
                    settings={draft}
                    onChange={change}
                    indexOptions={indexChoice.options}
                    indexesNote={indexChoice.note}
                    running={runningOf(field.key)?.running ?? null}
                    cannotRun={cannotRun[field.key] ?? null}
                    servedModels={servedModels}
                  />
                ))}
            </fieldset>
          ))}
        </form>
      ) : (
        <Spinner />
      )}
      <IndexRequestsSection id={OTHER_SECTIONS.indexRequests} />
      <ModelLeaderboardSection id={OTHER_SECTIONS.leaderboard} />
      <WebVitalsSection id={OTHER_SECTIONS.webVitals} />
    </Dialog>
  );
}

const sectionId = (title: string) => `impostazioni-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
const OTHER_SECTIONS = {
  indexRequests: "impostazioni-richieste",
  leaderboard: "impostazioni-classifica",
  webVitals: "impostazioni-prestazioni",
} as const;

/**
 * Issue 36 §2: the panel's index. Each link scrolls its section into view inside the panel (and
 * opens a section that folds), without touching the page's address.
 */
function SectionIndex() {
  const links = [
    ...settingsSections.map((section) => ({ id: sectionId(section.title), title: section.title })),
    { id: OTHER_SECTIONS.indexRequests, title: messages.indexRequests.title },
    { id: OTHER_SECTIONS.leaderboard, title: messages.leaderboard.title },
    { id: OTHER_SECTIONS.webVitals, title: messages.webVitals.title },
  ];
  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    if (target instanceof HTMLDetailsElement) target.open = true;
    target.scrollIntoView({ block: "start" });
    target.querySelector<HTMLElement>("summary, legend")?.focus?.();
  };
  return (
    <nav aria-label={text.sectionsLabel} className="settings-panel__index-nav">
      <ul>
        {links.map((link) => (
          <li key={link.id}>
            <a href={`#${link.id}`} onClick={(event) => jump(event, link.id)}>
              {link.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function saveFailureText(error: unknown): string {
  if (!(error instanceof HttpError) || !error.serverMessage) return text.saveFailed;
  // spec 001 §5: the server's admin check answers 'ACCESSO NEGATO…' naming the user; it stands alone.
  return error.status === 403 ? error.serverMessage : `${text.saveFailed}: ${error.serverMessage}`;
}
