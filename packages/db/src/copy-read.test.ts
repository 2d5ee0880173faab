import { describe, expect, it } from 'vitest';
import { copyRead } from './compiled-rows';

describe('copyRead: a read for a further request of the same batch (a page; a compiled row copy’s fallback)', () => {
  const read = {
    token: { id: 7, kind: 'member', expiresAt: new Date('2026-12-01T00:00:00Z'), revokedAt: null },
    user: {
      id: 3,
      email: 'a@example.com',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      tags: ['x', { y: 1 }],
    },
    balance: 12_345,
    bytes: new Uint8Array([1, 2, 3]),
  };

  it('equals the read it copies', () => {
    expect(copyRead(read)).toStrictEqual(read);
  });

  it('shares no object with it, Dates and arrays included', () => {
    const copy = copyRead(read);
    expect(copy).not.toBe(read);
    expect(copy.token).not.toBe(read.token);
    expect(copy.user).not.toBe(read.user);
    expect(copy.user.tags).not.toBe(read.user.tags);
    expect(copy.user.tags[1]).not.toBe(read.user.tags[1]);
    expect(copy.token.expiresAt).not.toBe(read.token.expiresAt);
    expect(copy.bytes).not.toBe(read.bytes);
    // A change to one request's read is not seen by the other's.
    copy.user.createdAt.setUTCFullYear(2000);
    copy.user.email = 'b@example.com';
    expect(read.user.createdAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(read.user.email).toBe('a@example.com');
  });
});
