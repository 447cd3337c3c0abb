import { describe, expect, it } from 'vitest';
import { isoLaterFirst } from './iso-order.js';

describe('isoLaterFirst', () => {
  it('orders toISOString times later first, as their dates do', () => {
    const times = [
      0, 1, 999, 1_000, 59_999, 86_400_000, 1_700_000_000_000, 1_700_000_000_001, 4_102_444_800_000,
    ];
    const shuffled = [...times].reverse().sort((a, b) => (a % 7) - (b % 7));
    const ordered = shuffled.map((ms) => new Date(ms).toISOString()).sort(isoLaterFirst);
    expect(ordered).toEqual([...times].sort((a, b) => b - a).map((ms) => new Date(ms).toISOString()));
  });

  it('calls equal times equal, so the caller’s next key decides', () => {
    const at = new Date(5).toISOString();
    expect(isoLaterFirst(at, at)).toBe(0);
  });
});
