export { BackendStatusBadge } from "./backend-status-badge";
export { useBackendStatus } from "./use-backend-status";
export { useLoad } from "./use-load";
export type { Loaded } from "./use-load";
