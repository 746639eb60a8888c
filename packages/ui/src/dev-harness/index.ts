export { ApiStatusBanner } from './api-status-banner.tsx';
export { mountRemoteHarness, type THarnessPage } from './mount-remote-harness.tsx';
