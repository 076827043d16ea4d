import { DEBATE_THESIS_MAX_CHARS } from "@oystar/api-client";
import { Button, Suggestions, Tabs, Textarea } from "@oystar/ui-kit/react";
import type { ReactNode } from "react";
import type { DebateSettings } from "../debate-state";
import { debateMessages } from "../messages";
import type { DebateMode } from "../rules";
import { debatePreview } from "../selectors";
import type { DebateInput } from "../topic";
import { SidesBanner } from "./sides-banner";

export type DebateStartProps = {
  tab: DebateMode;
  onTabChange: (tab: DebateMode) => void;
  theses: readonly [string, string];
  onThesesChange: (theses: [string, string]) => void;
  thesis: string;
  onThesisChange: (thesis: string) => void;
  settings: Pick<DebateSettings, "models" | "length">;
  /** 'Avvia Dibattito', 'Genera Sintesi' and 'Sfida la Tesi' (each validated by the session). */
  onStart: () => void;
  onSynthesis: () => void;
  onChallenge: () => void;
};

const { start, buttons } = debateMessages;
const MODES = ["debate", "synthesis", "challenge"] as const;
const EXAMPLES = start.examples;
const isMode = (value: string): value is DebateMode => (MODES as readonly string[]).includes(value);

/** The input each tab starts from: SINTESI has none of its own and uses the theses' topic. */
export function startInput(tab: DebateMode, theses: readonly [string, string], thesis: string): DebateInput {
  return tab === "challenge" ? { thesis } : { theses: [theses[0], theses[1]] };
}

function Preview({ settings, input, mode }: { settings: DebateStartProps["settings"]; input: DebateInput; mode: DebateMode }) {
  const preview = debatePreview(settings, input, mode);
  if (!preview) return <p className="debate-start__hint">{mode === "synthesis" ? start.synthesisNoTopic : start.previewEmpty}</p>;
  return <SidesBanner label={start.previewLabel} options={preview.options} models={preview.models} verb={start.defends} />;
}

function Panel({ intro, children, action }: { intro: string; children?: ReactNode; action: ReactNode }) {
  return (
    <div className="debate-start__panel">
      <p className="debate-start__intro">{intro}</p>
      {children}
      <div className="debate-start__actions">{action}</div>
    </div>
  );
}

/**
 * spec 001 §2: the start screen — DEBATE (Tesi A in favour, Tesi B against), SINTESI (no input:
 * generated from the theses' topic), SFIDA (one thesis to refute) — each with the preview of
 * which option each model will defend.
 */
export function DebateStart({
  tab,
  onTabChange,
  theses,
  onThesesChange,
  thesis,
  onThesisChange,
  settings,
  onStart,
  onSynthesis,
  onChallenge,
}: DebateStartProps) {
  const tabs = [
    {
      id: "debate",
      label: start.tabs.debate,
      content: (
        <Panel intro={start.debateIntro} action={<Button onClick={onStart}>{buttons.start}</Button>}>
          <div className="debate-start__theses">
            <Textarea
              label={start.thesisA}
              hideLabel={false}
              rows={2}
              placeholder={start.thesisAPlaceholder}
              maxLength={DEBATE_THESIS_MAX_CHARS}
              value={theses[0]}
              onChange={(value) => onThesesChange([value, theses[1]])}
              onSubmit={onStart}
            />
            <Textarea
              label={start.thesisB}
              hideLabel={false}
              rows={2}
              placeholder={start.thesisBPlaceholder}
              maxLength={DEBATE_THESIS_MAX_CHARS}
              value={theses[1]}
              onChange={(value) => onThesesChange([theses[0], value])}
              onSubmit={onStart}
            />
          </div>
          <Preview settings={settings} input={startInput("debate", theses, thesis)} mode="debate" />
          <Suggestions
            label={start.examplesLabel}
            items={EXAMPLES.map(([a, b]) => start.example(a, b))}
            // A click writes both theses; the debate starts with 'Avvia Dibattito', as any other.
            onPick={(_, index) => {
              const example = EXAMPLES[index];
              if (example) onThesesChange([example[0], example[1]]);
            }}
          />
        </Panel>
      ),
    },
    {
      id: "synthesis",
      label: start.tabs.synthesis,
      content: (
        <Panel intro={start.synthesisIntro(settings.length)} action={<Button onClick={onSynthesis}>{buttons.generateSynthesis}</Button>}>
          <Preview settings={settings} input={startInput("synthesis", theses, thesis)} mode="synthesis" />
        </Panel>
      ),
    },
    {
      id: "challenge",
      label: start.tabs.challenge,
      content: (
        <Panel intro={start.challengeIntro} action={<Button onClick={onChallenge}>{buttons.challenge}</Button>}>
          <Textarea
            label={start.challengeThesis}
            hideLabel={false}
            rows={2}
            placeholder={start.challengePlaceholder}
            maxLength={DEBATE_THESIS_MAX_CHARS}
            value={thesis}
            onChange={onThesisChange}
            onSubmit={onChallenge}
          />
          <Preview settings={settings} input={startInput("challenge", theses, thesis)} mode="challenge" />
        </Panel>
      ),
    },
  ];
  return (
    <section className="oy-card debate-start" aria-label={start.tabsLabel}>
      <Tabs label={start.tabsLabel} tabs={tabs} value={tab} onChange={(id) => isMode(id) && onTabChange(id)} />
    </section>
  );
}
