export { BackendStatusBadge, backendStatusLabels } from "./backend-status-badge";
export { useBackendStatus } from "./use-backend-status";
