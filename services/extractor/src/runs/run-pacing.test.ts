import { createMemoryBus } from '@prospector/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunsFixture, type TRunsFixture } from '../_factories.ts';

/**
 * The pause between two accounts of a lane spaces provider calls; nothing else waits for it. With a
 * pause far longer than the test may take, a run can only finish if its last step skips the pause.
 */
describe('run pacing', () => {
  let fixture: TRunsFixture;
  beforeAll(async () => {
    fixture = await createRunsFixture({ bus: createMemoryBus(), runs: { itemDelayMs: 120_000 } });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('ends a single extraction when its account is done, not a pause later', async () => {
    const userId = await fixture.createUser();
    const run = await fixture.startRun(userId, ['mail_pacing_single']);
    const done = await fixture.waitForRun(userId, run.id);
    expect(done).toMatchObject({ status: 'completed', processed: 1, emailsFound: 1, creditsUsed: 1 });
  });
});
