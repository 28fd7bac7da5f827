// What-if preload (not used by `npm run bench`): RedisReadModel.apply as ONE Lua script per batch
// instead of WATCH + GET + MULTI(one command per change)…EXEC. The script checks the fencing
// checkpoint, runs the very commands RedisReadModel.queue() would have queued (recorded through a
// stand-in for the MULTI), and sets the checkpoint, atomically (a script runs alone in Redis).
// One round trip instead of three, and one client-side command per batch instead of one per change
// (15 000 ioredis Command objects and promises for a 5 000-event replay batch, most of the replay's
// time in the garbage collector).
//   NODE_OPTIONS="--require ./bench/experiments/lua-apply.cjs" node backend/dist/replay.main.js
//   BENCH_APP_PRELOAD=bench/experiments/lua-apply.cjs npm run bench
const { join } = require('node:path');
const { RedisReadModel } = require(join(__dirname, '..', '..', 'backend/dist/read-model/redis-read-model.js'));
const { CheckpointMovedError } = require(join(__dirname, '..', '..', 'backend/dist/read-model/read-model.port.js'));

const SCRIPT = `
local stored = redis.call('GET', KEYS[1])
if ARGV[1] ~= '*' then
  local expected = ARGV[1]
  if (expected == '' and stored) or (expected ~= '' and stored ~= expected) then
    return {'moved', stored or ''}
  end
end
local i = 3
local n = #ARGV
while i <= n do
  local count = tonumber(ARGV[i + 1])
  redis.call(ARGV[i], unpack(ARGV, i + 2, i + 1 + count))
  i = i + 2 + count
end
redis.call('SET', KEYS[1], ARGV[2])
return {'ok'}`;

async function applyNow(changes, checkpoint, options) {
  if (typeof checkpoint !== 'bigint') throw new TypeError('checkpoint must be a bigint');
  const base = await this.base();
  const args = [];
  const tx = new Proxy({}, {
    get: (_, name) => (...params) => {
      args.push(name, String(params.length));
      for (const p of params) args.push(String(p));
      return tx;
    },
  });
  for (const change of changes) this.queue(tx, base, change);
  const expected = options ? (options.expected === undefined ? '' : options.expected.toString()) : '*';
  if (!this.redis.bulkApply) this.redis.defineCommand('bulkApply', { numberOfKeys: 1, lua: SCRIPT });
  const [status, stored] = await this.redis.bulkApply(`${base}:checkpoint`, expected, checkpoint.toString(), ...args);
  if (status === 'moved') throw new CheckpointMovedError(options.expected, stored === '' ? undefined : BigInt(stored));
}

// LUA_APPLY_PIPELINE=1 (replay only): a batch is sent at once but apply() resolves when the batch
// before it has landed, so the caller reads and projects batch N+1 while Redis runs batch N. Redis
// runs the scripts of one connection in order, so the fencing checks still chain. (Replay-only
// shortcut for measuring: the real change keeps one apply in flight in replay.ts's catchUp loop.)
RedisReadModel.prototype.apply =
  process.env.LUA_APPLY_PIPELINE === '1'
    ? function apply(changes, checkpoint, options) {
        const previous = this.inFlight ?? Promise.resolve();
        const sent = applyNow.call(this, changes, checkpoint, options);
        sent.catch(() => undefined);
        this.inFlight = sent;
        return previous;
      }
    : applyNow;
