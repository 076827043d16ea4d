/**
 * What receiving a provider's event came to (billing-events.ts). A file of its own: the built-in
 * provider's subscriptions send events and read this back, and the receiver stands on the
 * checkout provider, which holds those subscriptions — one type apart, no circle.
 */
export type EventOutcome = "applied" | "duplicate" | "ignored" | "refund_due";
