import { Button, ProgressBar } from "@oystar/ui-kit/react";
import { useId } from "react";
import type { DebateSynthesis } from "../debate-state";
import { debateMessages } from "../messages";
import { AnswerBlocks } from "@oystar/conversation/react";

const words = debateMessages.synthesis;

/** spec 001 §2: the synthesis progress bar with its phase text and 'x/y turni completati', and STOP. */
export function SynthesisProgressCard({
  percent,
  label,
  phaseText,
  onStop,
}: {
  percent: number;
  label: string;
  phaseText: string;
  onStop: () => void;
}) {
  const titleId = useId();
  return (
    <section className="oy-card debate-progress" aria-labelledby={titleId}>
      <h2 id={titleId} className="oy-card__title">
        {words.running}
      </h2>
      <ProgressBar label={phaseText} percent={percent} valueText={label} />
      <div className="debate-progress__actions">
        <Button variant="danger" onClick={onStop}>
          {debateMessages.buttons.stop}
        </Button>
      </div>
    </section>
  );
}

/**
 * spec 001 §4: the synthesis on screen — introduction, three syntheses (the first with its full
 * operational plan), conclusions — and 'Scarica Sintesi'. Model text is shown as safe Markdown.
 */
export function SynthesisResult({ synthesis, onDownload }: { synthesis: DebateSynthesis; onDownload: () => void }) {
  const titleId = useId();
  const [first, second, third] = synthesis.syntheses;
  return (
    <article className="oy-card debate-synthesis" aria-labelledby={titleId}>
      <header className="debate-synthesis__header">
        <h2 id={titleId} className="oy-card__title">
          {words.resultTitle}
        </h2>
        <p className="debate-synthesis__topic">{words.topic(synthesis.topic)}</p>
        <p className="debate-synthesis__source">{words.fromDebate(synthesis.length)}</p>
      </header>
      <section className="debate-synthesis__section">
        <h3>{words.introduction}</h3>
        <AnswerBlocks text={synthesis.introduction} />
      </section>
      <section className="debate-synthesis__section debate-synthesis__section--main">
        <h3>{words.synthesis(1, first.title)}</h3>
        <AnswerBlocks text={first.text} />
        {first.plan.length > 0 ? (
          <>
            <h4>{words.plan}</h4>
            <ol className="debate-synthesis__plan">
              {first.plan.map((step, index) => (
                <li key={index}>{step}</li>
              ))}
            </ol>
          </>
        ) : null}
      </section>
      {[second, third].map((proposal, index) => (
        <section key={index} className="debate-synthesis__section">
          <h3>{words.synthesis(index + 2, proposal.title)}</h3>
          <AnswerBlocks text={proposal.text} />
        </section>
      ))}
      <section className="debate-synthesis__section">
        <h3>{words.conclusions}</h3>
        <AnswerBlocks text={synthesis.conclusions} />
      </section>
      <footer className="oy-card__footer">
        <Button onClick={onDownload}>{debateMessages.buttons.downloadSynthesis}</Button>
      </footer>
    </article>
  );
}
