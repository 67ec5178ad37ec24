// ULIDs for `_meta.request_id` (META-ENVELOPE §request_id): 48-bit time, 80-bit randomness,
// Crockford base32, monotonic within one millisecond so ids sort in issue order.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
// Process-wide by design: ids from one process are monotonic across every session in it.
let lastTime = -1;
let lastRandom: number[] = [];

function encodeTime(time: number): string {
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[time % 32] + out;
    time = Math.floor(time / 32);
  }
  return out;
}

function freshRandom(): number[] {
  const bytes = randomBytes(16);
  return Array.from({ length: 16 }, (_, i) => bytes[i] % 32);
}

function increment(digits: number[]): number[] {
  const next = digits.slice();
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] < 31) {
      next[i]++;
      return next;
    }
    next[i] = 0;
  }
  return freshRandom();
}

export function ulid(now: number = Date.now()): string {
  if (now === lastTime) lastRandom = increment(lastRandom);
  else {
    lastTime = now;
    lastRandom = freshRandom();
  }
  return encodeTime(now) + lastRandom.map((d) => ALPHABET[d]).join('');
}

export const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;
