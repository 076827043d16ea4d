import type { BackendStatus } from "../backend-status";
import { MODEL_PROVIDER_LABELS, type ModelProvider } from "../schemas/service";

const backendStatusLabels: Record<BackendStatus, string> = {
  checking: "Verifica...",
  online: "Online",
  offline: "Offline",
};

const tones: Record<BackendStatus, string> = { checking: "neutral", online: "success", offline: "danger" };

/**
 * Shows whether the product's server answers and, once it does, which model server answers
 * questions (spec 001 §4: the admin's provider setting); styled by the ui-kit's badge classes.
 */
export function BackendStatusBadge({ status, provider }: { status: BackendStatus; provider?: ModelProvider | null }) {
  return (
    <span role="status" className={`oy-badge oy-badge--${tones[status]}`} data-status={status}>
      {/* The label is its own element: a phone's header shows the dot alone (ui-kit's .oy-badge__label). */}
      <span aria-hidden="true">●</span>{" "}
      <span className="oy-badge__label">
        {backendStatusLabels[status]}
        {status === "online" && provider ? <span> · {MODEL_PROVIDER_LABELS[provider]}</span> : null}
      </span>
    </span>
  );
}
