/**
 * `@prospector/extractor/sandbox-accounts`: the one question other packages ask of the sandbox
 * provider (the browser journeys' fresh usernames in shell/e2e): whether its sample data has an
 * account of that name. The provider's generator itself stays internal to src/providers/sandbox/.
 */
export { sandboxAccountExists } from './providers/sandbox/synthetic-profile.ts';
