import { createApiClient, defaultSettings, HttpError, settingsAnswerSchema, settingsUpdateSchema, type Settings, type SettingsAnswer } from "@oystar/api-client";
import { useAuth } from "@oystar/auth/react";
import { Button, Dialog, Notice, Spinner } from "@oystar/ui-kit/react";
import { useEffect, useMemo, useState } from "react";
import { messages } from "../messages";
import { SettingsFieldControl } from "./settings-field-control";
import { settingsSections, withProvider } from "./settings-fields";

export type GlobalSettingsPanelProps = {
  open: boolean;
  onClose: () => void;
  /** The server's verdict (GET /api/me); the server checks again on saving. */
  isAdmin: boolean;
  /** Who is signed in, named when saving is refused. */
  userName: string;
  /** The saved settings, for every module of this page to use at once. */
  onSaved: (answer: SettingsAnswer) => void;
};

type Phase = "loading" | "editing" | "confirmingReset" | "saving";

const text = messages.settings;

/** spec 001 §2, §4, §5: the admin's global settings, applied to all users. */
export function GlobalSettingsPanel({ open, onClose, isAdmin, userName, onSaved }: GlobalSettingsPanelProps) {
  const { getAccessToken } = useAuth();
  const api = useMemo(() => createApiClient({ getAccessToken }), [getAccessToken]);
  const [draft, setDraft] = useState<Settings>(defaultSettings);
  const [phase, setPhase] = useState<Phase>("loading");
  const [notice, setNotice] = useState<{ tone: "info" | "error"; text: string } | null>(null);

  // spec 001 §4: opening loads the settings; on failure the built-in defaults are shown.
  useEffect(() => {
    if (!open) return;
    let current = true;
    setPhase("loading");
    setNotice(null);
    api
      .get("/api/settings", settingsAnswerSchema)
      .then((answer) => current && setDraft(answer.settings))
      .catch(() => {
        if (!current) return;
        setDraft(defaultSettings);
        setNotice({ tone: "error", text: text.loadFailed });
      })
      .finally(() => current && setPhase("editing"));
    return () => {
      current = false;
    };
  }, [api, open]);

  const change = (update: Partial<Settings>) =>
    setDraft((settings) => (update.rag_provider ? withProvider({ ...settings, ...update }, update.rag_provider) : { ...settings, ...update }));

  async function save() {
    // spec 001 §5: the admin check comes first; the server makes the same check.
    if (!isAdmin) {
      setNotice({ tone: "error", text: text.accessDenied(userName) });
      return;
    }
    const checked = settingsUpdateSchema.safeParse(draft);
    if (!checked.success) {
      setNotice({ tone: "error", text: checked.error.issues[0]?.message ?? text.saveFailed });
      return;
    }
    setPhase("saving");
    setNotice(null);
    try {
      onSaved(await api.post("/api/settings", checked.data, settingsAnswerSchema));
      onClose();
    } catch (error) {
      const detail = error instanceof HttpError ? error.serverMessage : undefined;
      setNotice({ tone: "error", text: detail ? `${text.saveFailed}: ${detail}` : text.saveFailed });
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

  return (
    <Dialog open={open} onClose={onClose} placement="side" title={text.title} footer={phase === "loading" ? undefined : footer}>
      <p className="settings-panel__scope">{text.scope}</p>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {phase === "loading" ? (
        <Spinner />
      ) : (
        <form className="settings-panel__form" onSubmit={(event) => event.preventDefault()}>
          {settingsSections.map((section) => (
            <fieldset key={section.title} className="settings-panel__section">
              <legend className="settings-panel__legend">{section.title}</legend>
              {section.fields
                .filter((field) => field.shownWhen?.(draft) ?? true)
                .map((field) => (
                  <SettingsFieldControl key={field.key} field={field} settings={draft} onChange={change} />
                ))}
            </fieldset>
          ))}
        </form>
      )}
    </Dialog>
  );
}
