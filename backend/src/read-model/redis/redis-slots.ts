/**
 * Redis Cluster's key → slot mapping (CRC16-XMODEM of the key's hash tag, modulo 16384), computed here so
 * that a batch can be split per slot before it is sent, and projection partitions can follow slots.
 */
const SLOTS = 16384;

const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[i] = crc;
  }
  return table;
})();

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ TABLE[((crc >> 8) ^ byte) & 0xff]!;
  return crc;
}

const encoder = new TextEncoder();

/** The slot of a key: only the part inside the first non-empty `{…}` counts (Redis's hash tag rule). */
export function keySlot(key: string): number {
  const open = key.indexOf('{');
  if (open !== -1) {
    const close = key.indexOf('}', open + 1);
    if (close > open + 1) key = key.slice(open + 1, close);
  }
  return crc16(encoder.encode(key)) % SLOTS;
}

/** The slot of every key of one user (their keys carry `{encodeURIComponent(userId)}`, redis-keys.ts). */
export function userSlot(userId: string): number {
  return keySlot(`{${encodeURIComponent(userId)}}`);
}

let tags: string[] | undefined;

/**
 * A short hash tag that lands in `slot`, so that a slot's own keys (its projection checkpoint) live in
 * the slot and move with its data when the slot migrates. Found once by counting in base 36 (about
 * 170 000 CRCs, a few milliseconds), then looked up.
 */
export function slotTag(slot: number): string {
  if (!tags) {
    const found: string[] = new Array<string>(SLOTS);
    let missing = SLOTS;
    for (let i = 0; missing > 0; i++) {
      const tag = i.toString(36);
      const s = crc16(encoder.encode(tag)) % SLOTS;
      if (found[s] === undefined) {
        found[s] = tag;
        missing--;
      }
    }
    tags = found;
  }
  return tags[slot]!;
}
