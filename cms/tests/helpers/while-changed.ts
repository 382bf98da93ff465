import { expect } from 'vitest';

type Answer = { status: number; body: unknown };

/**
 * Makes a change, runs `check` while it holds, and undoes the change whatever happened: the
 * shape of a test that the very next request honours a change.
 */
export async function whileChanged(change: () => Promise<unknown>, undo: () => Promise<unknown>, check: () => Promise<unknown>): Promise<void> {
  await change();
  try {
    await check();
  } finally {
    await undo();
  }
}

/** `attempt` is answered exactly `refusal`, and what `traces` reads (orders, stock, counts) is as it was. */
export async function expectRefusedLeavingNothing(attempt: () => Promise<Answer>, refusal: Answer, traces: () => Promise<unknown>): Promise<void> {
  const before = await traces();
  const response = await attempt();
  expect({ status: response.status, body: response.body }).toEqual(refusal);
  expect(await traces()).toEqual(before);
}
