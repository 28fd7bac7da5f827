// What-if preload (not used by `npm run bench`): RedisReadModel.apply as ONE Lua script per batch
// instead of WATCH + GET + MULTI(one command per change)…EXEC. The original apply() runs unchanged
// against a stand-in client: its MULTI commands are recorded, and EXEC sends them as the arguments
// of one script that checks the fencing checkpoint and runs them, atomically (a script runs alone
// in Redis). One round trip instead of three, and one ioredis command per batch instead of one per
// change (tens of thousands of Command objects and promises per 5 000-event replay batch).
//   NODE_OPTIONS="--require ./bench/experiments/lua-apply.cjs" node backend/dist/replay.main.js
//   BENCH_APP_PRELOAD=bench/experiments/lua-apply.cjs node bench/experiments/ab.mjs writes …
const { join } = require('node:path');
const { RedisReadModel } = require(join(__dirname, '..', '..', 'backend/dist/read-model/redis-read-model.js'));
const { CheckpointMovedError } = require(join(__dirname, '..', '..', 'backend/dist/read-model/read-model.port.js'));

const SCRIPT = `
local stored = redis.call('GET', KEYS[1])
local expected = ARGV[1]
if (expected == '' and stored) or (expected ~= '' and stored ~= expected) then
  return {'moved', stored or ''}
end
local i = 2
local n = #ARGV
while i <= n do
  local count = tonumber(ARGV[i + 1])
  redis.call(ARGV[i], unpack(ARGV, i + 2, i + 1 + count))
  i = i + 2 + count
end
return {'ok'}`;

const original = RedisReadModel.prototype.apply;
const ownWriter = RedisReadModel.prototype.writerClient;

function applyNow(changes, checkpoint, options) {
  if (!options) return original.call(this, changes, checkpoint, options);
  const real = ownWriter.call(this);
  if (!real.bulkApply) real.defineCommand('bulkApply', { numberOfKeys: 1, lua: SCRIPT });
  const expected = options.expected === undefined ? '' : options.expected.toString();
  let checkpointKey;
  const args = [];
  let count = 0;
  const tx = new Proxy(
    {},
    {
      get: (_, name) => {
        if (name === 'discard') return () => undefined;
        if (name === 'exec') {
          return async () => {
            const [status, stored] = await real.bulkApply(checkpointKey, expected, ...args);
            if (status === 'moved') throw new CheckpointMovedError(options.expected, stored === '' ? undefined : BigInt(stored));
            return Array.from({ length: count }, () => [null, 'OK']);
          };
        }
        return (...params) => {
          args.push(name, String(params.length));
          for (const p of params) args.push(String(p));
          count++;
          return tx;
        };
      },
    },
  );
  const standIn = {
    watch: async (key) => ((checkpointKey = key), 'OK'),
    unwatch: async () => 'OK',
    // The fenced check itself runs in the script; the original sees the checkpoint it expects.
    get: async (key) => (key === checkpointKey ? (expected === '' ? null : expected) : real.get(key)),
    multi: () => tx,
  };
  this.writerClient = () => standIn;
  return original.call(this, changes, checkpoint, options);
}

// LUA_APPLY_PIPELINE=1 (replay only): a batch is sent at once but apply() resolves when the batch
// before it has landed, so the caller reads and projects batch N+1 while Redis runs batch N. Redis
// runs the scripts of one connection in order, so the fencing checks still chain. (A shortcut for
// measuring; the real change keeps one apply in flight in replay.ts's catchUp loop.)
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
