import { remoteDevPorts } from 'shell/dev-server';
import { describe, expect, it } from 'vitest';

// `pnpm dev` starts the API and the remotes' dev servers side by side: a remote must never ask for
// the API's port, which the API may not be listening on yet.
describe('remoteDevPorts', () => {
  it('gives each remote a port after the shell’s', () => {
    expect(remoteDevPorts(3000, 3100)).toEqual([3001, 3002, 3003, 3004]);
  });

  it('skips the API’s port when it falls among them', () => {
    expect(remoteDevPorts(3098, 3100)).toEqual([3099, 3101, 3102, 3103]);
    expect(remoteDevPorts(4000, 4001)).toEqual([4002, 4003, 4004, 4005]);
  });
});
