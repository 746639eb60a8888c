/** Comment line sent so proxies keep an idle stream open. */
export const HEARTBEAT_INTERVAL_MS = 20_000;
/** EventSource waits this long before reconnecting by itself. */
export const RECONNECT_DELAY_MS = 3_000;
