import { connect, nanos } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, AckPolicy, DeliverPolicy, StorageType } from '@nats-io/jetstream';
const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
console.log('version', nc.info?.version);
const js = jetstream(nc);
const jsm = await jetstreamManager(nc);
try { await js.publish('nostream.x', 'hi'); } catch (e: any) { console.log('publish no stream:', e.constructor.name, e.message, e.cause?.constructor?.name, e.cause?.message); }
try { await nc.request('nobody.home', 'x', { timeout: 500 }); } catch (e: any) { console.log('no responders:', e.constructor.name, e.message, e.isNoResponders?.(), e.cause?.constructor?.name); }
const sub = nc.subscribe('slow.reply', { callback: () => {} });
try { await nc.request('slow.reply', 'x', { timeout: 300 }); } catch (e: any) { console.log('timeout:', e.constructor.name, e.message, e.cause?.constructor?.name); }
sub.unsubscribe();
try { await jsm.streams.info('NOPE_X'); } catch (e: any) { console.log('stream info missing:', e.constructor.name, e.message, e.code, e.apiError?.()); }
const name = 'PROBE' + Date.now();
await jsm.streams.add({ name, subjects: [name + '.>'], storage: StorageType.File, duplicate_window: nanos(120000) });
try { await jsm.consumers.info(name, 'nope'); } catch (e: any) { console.log('consumer info missing:', e.constructor.name, e.message, JSON.stringify(e.apiError?.())); }
await jsm.consumers.add(name, { durable_name: 'd', ack_policy: AckPolicy.Explicit, deliver_policy: DeliverPolicy.All, ack_wait: nanos(1000), max_ack_pending: 1, filter_subject: name + '.a' });
try { await jsm.consumers.update(name, 'd', { filter_subject: name + '.b' } as any); console.log('filter update ok'); } catch (e: any) { console.log('filter update:', e.message); }
try { await jsm.consumers.add(name, { durable_name: 'd2', ack_policy: AckPolicy.Explicit, filter_subjects: [name + '.a', name + '.c'] } as any); const i = await jsm.consumers.info(name,'d2'); console.log('filter_subjects:', i.config.filter_subjects, i.config.filter_subject); } catch (e: any) { console.log('filter_subjects add:', e.message); }
// interest check after stop
const c = await js.consumers.get(name, 'd');
const ci0 = await c.info();
const msgs = await c.consume({ max_messages: 1 });
setTimeout(() => msgs.stop(), 300);
for await (const m of msgs) { console.log('got', m.subject); }
const t0 = Date.now();
await js.publish(name + '.b', 'one', { msgID: 'x1' });
const pa = await js.publish(name + '.b', 'one', { msgID: 'x1' });
console.log('dup', pa.duplicate);
await new Promise(r => setTimeout(r, 200));
const info = await c.info();
console.log('after stop: delivered', info.delivered, 'ack pending', info.num_ack_pending, 'pending', info.num_pending, 'waiting', info.num_waiting);
const m = await c.next({ expires: 2000 });
console.log('next after', Date.now() - t0, m?.string(), m?.info.deliveryCount);
m?.ack();
await jsm.streams.delete(name);
await nc.drain();
