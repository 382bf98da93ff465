import { describe, expect, it } from 'vitest';
import { callLane } from './call-lane';

const settled = () => new Promise((resolve) => setImmediate(resolve));

/** A call that runs until it is told to end, recording how many ran at once. */
function controlledCalls() {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const finishers = new Map<number, (fail?: boolean) => void>();
  const call = (id: number) => () =>
    new Promise<number>((resolve, reject) => {
      running++;
      most = Math.max(most, running);
      started.push(id);
      finishers.set(id, (fail) => {
        running--;
        if (fail) reject(new Error(`call ${id} failed`));
        else resolve(id);
      });
    });
  return { call, started, finish: (id: number, fail = false) => finishers.get(id)!(fail), most: () => most };
}

describe('callLane', () => {
  it('runs at most its width at once, the others in the order they came', async () => {
    const lane = callLane(2);
    const calls = controlledCalls();
    const answers = [1, 2, 3, 4, 5].map((id) => lane(calls.call(id)));
    await settled();
    expect(calls.started).toEqual([1, 2]);

    calls.finish(2);
    await settled();
    expect(calls.started).toEqual([1, 2, 3]);
    calls.finish(1);
    calls.finish(3);
    await settled();
    expect(calls.started).toEqual([1, 2, 3, 4, 5]);
    calls.finish(4);
    calls.finish(5);

    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5]);
    expect(calls.most()).toBe(2);
  });

  it('gives a failed call’s place to the next one and hands the failure to its caller', async () => {
    const lane = callLane(1);
    const calls = controlledCalls();
    const first = lane(calls.call(1));
    const second = lane(calls.call(2));
    await settled();
    calls.finish(1, true);
    await expect(first).rejects.toThrow('call 1 failed');
    await settled();
    expect(calls.started).toEqual([1, 2]);
    calls.finish(2);
    expect(await second).toBe(2);
  });

  it('takes a new call at once when the lane has emptied', async () => {
    const lane = callLane(1);
    await lane(async () => 'one');
    await lane(async () => 'two');
    const calls = controlledCalls();
    const third = lane(calls.call(3));
    await settled();
    expect(calls.started).toEqual([3]);
    calls.finish(3);
    expect(await third).toBe(3);
  });
});
