import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { DATA_KEY_BYTES, KeyStore, SubjectErasedError } from './key-store.port';

/** A destroyed key is replaced by this tombstone, which no key can equal (a key is exactly 32 bytes). */
const TOMBSTONE = 'destroyed';

/**
 * Data keys in Redis (`KEY_STORE_URL`), for deployments whose API instances share no disk. Each key
 * is one string `<prefix>:datakey:{<subject>}`, made with SET NX (whoever asks first wins) and
 * overwritten by a tombstone when destroyed. That Redis must persist (AOF with fsync): unlike the
 * read model, which is rebuilt from the log, a key that is lost erases its person.
 */
export class RedisKeyStore implements KeyStore {
  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  static connect(url: string, prefix: string): RedisKeyStore {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
    redis.on('error', () => undefined); // failures surface as rejected calls
    return new RedisKeyStore(redis, prefix);
  }

  async keyFor(subjectId: string): Promise<Buffer> {
    const name = this.keyOf(subjectId);
    await this.redis.set(name, randomBytes(DATA_KEY_BYTES), 'NX');
    const key = await this.redis.getBuffer(name);
    if (!key || key.length !== DATA_KEY_BYTES) throw new SubjectErasedError(subjectId);
    return key;
  }

  async find(subjectId: string): Promise<Buffer | undefined> {
    const key = await this.redis.getBuffer(this.keyOf(subjectId));
    return key && key.length === DATA_KEY_BYTES ? key : undefined;
  }

  async destroy(subjectId: string): Promise<void> {
    await this.redis.set(this.keyOf(subjectId), TOMBSTONE);
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private keyOf(subjectId: string): string {
    return `${this.prefix}:datakey:{${encodeURIComponent(subjectId)}}`;
  }
}
