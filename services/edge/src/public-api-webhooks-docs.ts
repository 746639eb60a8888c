/**
 * The webhooks part of the public API reference at /docs/api: how to verify a delivery's signature
 * (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`). It is empty until outgoing
 * webhooks exist; whoever builds them puts the section's HTML here (an `<h2 id="webhooks">` and the
 * verification snippet), and the page shows it after the routes.
 */
export const WEBHOOKS_DOCS_HTML = '';
