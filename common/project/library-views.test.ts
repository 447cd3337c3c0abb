import { describe, expect, it } from 'vitest';
import { modifiedLaterFirst } from './library-views.js';

describe('modifiedLaterFirst', () => {
  it('orders toISOString times later first, as their dates do', () => {
    const times = [
      0, 1, 999, 1_000, 59_999, 86_400_000, 1_700_000_000_000, 1_700_000_000_001, 4_102_444_800_000,
    ];
    const entries = times.map((ms) => ({ modifiedAt: new Date(ms).toISOString(), ms }));
    const shuffled = [...entries].reverse().sort((a, b) => (a.ms % 7) - (b.ms % 7));
    expect(shuffled.sort(modifiedLaterFirst).map((entry) => entry.ms)).toEqual(
      [...times].sort((a, b) => b - a),
    );
  });

  it('calls equal times equal, so the caller’s next key decides', () => {
    const at = new Date(5).toISOString();
    expect(modifiedLaterFirst({ modifiedAt: at }, { modifiedAt: at })).toBe(0);
  });
});
