/**
 * The public API's limit per key and hour, the same on every plan (so every card says it alike); the
 * account service counts each key's requests against it (docs/architecture.md §12). No schema here: the
 * plan cards on the landing page read it.
 */
export const API_REQUESTS_PER_HOUR = 1000;
