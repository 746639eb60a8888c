/**
 * A bare Node `http` server answering 200 on `PORT`, as a command: the same-run baseline of the benches
 * (what any Node server costs to start, or serves at saturation, on this machine at this load).
 */
export const BARE_SERVER = [
  process.execPath,
  '-e',
  "require('node:http').createServer((q, s) => s.end('ok')).listen(+process.env.PORT, '127.0.0.1'); process.on('SIGINT', () => process.exit(0));",
];
