// What-if preload (not used by `npm run bench`): gives jsonwebtoken a KeyObject instead of the secret
// string, as the recommended one-line change to backend/src/auth/token.service.ts would
// (`secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8'))`). With a string, jsonwebtoken 9
// first tries createPublicKey(secret) on every verify and sign, which throws: ~0.4 ms of CPU per
// request. Run a server with it:  BENCH_APP_PRELOAD=bench/experiments/jwt-keyobject.cjs npm run bench
const { createSecretKey } = require('node:crypto');
const { join } = require('node:path');
const { JwtService } = require(require.resolve('@nestjs/jwt', { paths: [join(__dirname, '..', '..', 'backend')] }));

const keys = new Map();
const original = JwtService.prototype.getSecretKey;
JwtService.prototype.getSecretKey = function getSecretKey(...args) {
  const secret = original.apply(this, args);
  if (typeof secret !== 'string') return secret;
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(Buffer.from(secret, 'utf8'))));
  return key;
};
