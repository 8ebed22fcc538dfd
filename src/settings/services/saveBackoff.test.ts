import { backoffDelay, backoffStep, SAVE_BACKOFF } from './saveBackoff';

describe('the save backoff', () => {
  it('doubles from the first step up to the cap, and stays there', () => {
    const steps = Array.from({ length: 10 }, (_, i) => backoffStep(i + 1, SAVE_BACKOFF));
    expect(steps).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
    expect(backoffStep(10_000, SAVE_BACKOFF)).toBe(60_000);
  });

  it('waits between half and all of the step, at random', () => {
    expect(backoffDelay(3, SAVE_BACKOFF, 0)).toBe(2000);
    expect(backoffDelay(3, SAVE_BACKOFF, 0.5)).toBe(3000);
    expect(backoffDelay(3, SAVE_BACKOFF, 0.999_999)).toBe(4000);
    expect(backoffDelay(50, SAVE_BACKOFF, 0.999_999)).toBeLessThanOrEqual(60_000);
  });
});
