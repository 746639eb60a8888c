import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAccountEvent, createRecorder } from './_factories.ts';
import { createNatsBus } from './nats-bus.ts';
import { natsServers } from './nats-connection.ts';
import type { TEventBus } from './port.ts';
import {
  natsServerForTests,
  startPrivateNatsCluster,
  type TPrivateNatsCluster,
  uniqueNamespace,
} from './testing.ts';

// Opt-in (NATS_CLUSTER_TESTS=1): in CI's full run, beside every other suite, the 3-node cluster's
// JetStream API answered past its timeout (consumer create); run alone it passes. Not in `pnpm test` until that is understood.
const runNats = process.env.NATS_CLUSTER_TESTS === '1' && natsServerForTests('bus on a NATS cluster');

describe('NATS_URL with several servers', () => {
  it('is the list of the comma-separated URLs, blanks dropped', () => {
    expect(natsServers(' nats://a:4222, nats://b:4222,,nats://c:4222 ')).toEqual([
      'nats://a:4222',
      'nats://b:4222',
      'nats://c:4222',
    ]);
  });
});

/**
 * The bus on a 3-node JetStream cluster, connected to every node: its streams are R3, and one node
 * killed (SIGKILL) loses nothing: what was published before is still delivered and publishing goes on.
 */
describe.skipIf(!runNats)('bus on a 3-node NATS cluster with R3 streams', () => {
  let cluster: TPrivateNatsCluster;
  let bus: TEventBus;
  const namespace = uniqueNamespace();

  beforeAll(async () => {
    cluster = await startPrivateNatsCluster(3);
    bus = await createNatsBus({ url: cluster.url, namespace, streamReplicas: 3 });
    await bus.ensureStreams();
  }, 60_000);

  afterAll(async () => {
    await bus?.drain();
    await cluster?.dispose();
  });

  it('keeps every stream on three nodes, and loses no event when one node dies', async () => {
    const nc = await connect({ servers: cluster.nodeUrls });
    try {
      const jsm = await jetstreamManager(nc);
      const info = await jsm.streams.info(`${namespace}_ACCOUNTS`);
      expect(info.config.num_replicas).toBe(3);
      expect(info.cluster?.replicas ?? []).toHaveLength(2);
    } finally {
      await nc.close();
    }
    const before = buildAccountEvent();
    await bus.publish(before);
    await cluster.kill(0);
    const after = buildAccountEvent();
    await vi.waitFor(() => bus.publish(after), { timeout: 20_000, interval: 250 });
    const recorder = createRecorder();
    await bus.consume({ stream: 'ACCOUNTS', durable: 'cluster-test' }, recorder.handler);
    await vi.waitFor(() => expect(recorder.ids()).toEqual(expect.arrayContaining([before.id, after.id])), {
      timeout: 20_000,
      interval: 100,
    });
    expect(new Set(recorder.ids()).size).toBe(recorder.ids().length);
  }, 60_000);
});
