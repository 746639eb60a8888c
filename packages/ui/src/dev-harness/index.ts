export { ApiStatusBanner } from './api-status-banner.tsx';
export type { THarnessLink } from './harness-frame.tsx';
export { mountRemoteHarness, type THarnessPage } from './mount-remote-harness.tsx';
