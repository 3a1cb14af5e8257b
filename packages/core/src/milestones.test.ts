import { describe, expect, it } from 'vitest';
import { highestMilestone, isMilestone, milestoneAt, milestoneSharePath } from './milestones.ts';

describe('milestones', () => {
  it('halfway is 2 of 4 paid, completed 4 of 4; each is reached once', () => {
    expect([1, 2, 3, 4].map((paid) => milestoneAt(paid, 4))).toEqual([null, 'halfway', null, 'completed']);
    expect([1, 2, 3].map((paid) => milestoneAt(paid, 3))).toEqual([null, 'halfway', 'completed']);
    expect([1, 2].map((paid) => milestoneAt(paid, 2))).toEqual(['halfway', 'completed']);
    expect(milestoneAt(1, 1)).toBe('completed');
    expect(milestoneAt(0, 4)).toBeNull();
  });

  it('the badge is only the highest reached', () => {
    expect([0, 1, 2, 3, 4].map((paid) => highestMilestone(paid, 4))).toEqual([null, null, 'halfway', 'halfway', 'completed']);
    expect(highestMilestone(0, 0)).toBeNull();
  });

  it('shares the landing page of the donor’s country with the badge', () => {
    expect(milestoneSharePath('NZ', 'halfway')).toBe('/?country=NZ&badge=halfway');
    expect(milestoneSharePath('UK', 'completed')).toBe('/?country=UK&badge=completed');
    expect(isMilestone('completed')).toBe(true);
    expect(isMilestone('toString')).toBe(false);
  });
});
