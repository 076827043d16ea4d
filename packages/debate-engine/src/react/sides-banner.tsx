import { debateMessages } from "../messages";
import type { Speaker } from "../rules";
import { OfflineParticipantsNote, useParticipant } from "./participants";

export type SidesBannerProps = {
  options: Record<Speaker, string>;
  models: Record<Speaker, string>;
  /** The accessible name of the banner. */
  label: string;
  /** Said after each model: "difenderà" on the start screen's preview. */
  verb?: string;
};

function Side({ speaker, model, option, verb }: { speaker: Speaker; model: string; option: string; verb?: string }) {
  const participant = useParticipant()(speaker, model);
  return (
    <div className={`debate-sides__side debate-sides__side--${speaker}`}>
      <span className="debate-avatar" aria-hidden="true">
        {speaker}
      </span>
      <div className="debate-sides__text">
        <p className="debate-sides__who">
          <strong>{participant.label}</strong>
          {participant.model === null ? null : <span className="debate-sides__model"> {participant.model}</span>}
          {verb ? <span className="debate-sides__verb"> {verb}</span> : null}
        </p>
        <p className="debate-sides__option">«{option}»</p>
      </div>
    </div>
  );
}

/** Which option each model defends (spec 001 §2: the preview, and the heading of a debate). */
export function SidesBanner({ options, models, label, verb }: SidesBannerProps) {
  return (
    <section className="debate-sides" aria-label={label}>
      <OfflineParticipantsNote />
      <Side speaker="A" model={models.A} option={options.A} verb={verb} />
      <span className="debate-sides__versus">{debateMessages.versus}</span>
      <Side speaker="B" model={models.B} option={options.B} verb={verb} />
    </section>
  );
}
