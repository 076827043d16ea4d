import type { DebatePhase } from "../rules";
import { debateMessages } from "../messages";

// spec 001 §2: the phase icon — opposizione, riflessione, sintesi. Drawn as SVG: the product's
// pages must not depend on an emoji font being installed.
const PATHS: Record<DebatePhase, string> = {
  // Two arrows meeting head on.
  opposizione: "M3 12h7M7 8.5 10.5 12 7 15.5M21 12h-7M17 8.5 13.5 12l3.5 3.5",
  // A balance: arguments weighed.
  riflessione: "M12 4v16M7 20h10M5 7h14M5 7l-2.5 6h5zM19 7l-2.5 6h5z",
  // Two paths merging into one.
  sintesi: "M5 4c0 6 7 6 7 10v6M19 4c0 6-7 6-7 10M9 17l3 3 3-3",
};

/** The icon of a phase, with its name for those who cannot see it. */
export function PhaseIcon({ phase }: { phase: DebatePhase }) {
  return (
    <svg
      className={`debate-phase-icon debate-phase-icon--${phase}`}
      viewBox="0 0 24 24"
      width="18"
      height="18"
      role="img"
      aria-label={debateMessages.phaseLabel[phase]}
    >
      <path d={PATHS[phase]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The phase as a badge: icon and name (spec 001 §2). */
export function PhaseBadge({ phase }: { phase: DebatePhase }) {
  return (
    <span className={`debate-phase debate-phase--${phase}`}>
      <PhaseIcon phase={phase} />
      <span aria-hidden="true">{debateMessages.phaseLabel[phase]}</span>
    </span>
  );
}
