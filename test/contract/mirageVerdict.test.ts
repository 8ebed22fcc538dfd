/**
 * The contract table through the mock backend: each case's model is saved the way the panel's
 * client sends it (form-encoded `user` and `revision`), and Mirage's answer is the verdict: 200
 * accepted, 400 naming the field `user` refused (and nothing stored).
 */
import type { Server } from 'miragejs';
import { ROUTES } from '../../src/api/routes';
import { defaultUserModel } from '../../src/contract/userModel';
import { makeServer } from '../../mirage/server';
import { memoryStateStore } from '../../mirage/state';
import { apiUrl, call, PANEL } from '../../mirage/testHelpers';
import { MODEL_CASES, modelWith } from './modelCases';

let server: Server;
beforeEach(() => {
  server = makeServer({ environment: 'test', stateStore: memoryStateStore() });
});
afterEach(() => server.shutdown());

async function mirageVerdict(model: Record<string, unknown>): Promise<'accepted' | 'refused'> {
  const body = new URLSearchParams({ user: JSON.stringify(model), revision: '0' });
  const answer = await call(apiUrl(ROUTES.save, PANEL), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body,
  });
  if (answer.status === 200) return 'accepted';
  // The answer names the refused setting: the first the contract's model rule refuses.
  const field = (answer.body as { field?: string }).field;
  expect(answer).toEqual({
    status: 400,
    body: { error: 'invalid_user', message: expect.stringMatching(new RegExp(`^body/user has an invalid value for ${field}\\b`)), field },
  });
  expect((await call(apiUrl(ROUTES.userModel, PANEL))).body.revision).toBe(0);
  return 'refused';
}

describe('the contract table through the mock backend', () => {
  it.each(MODEL_CASES.map((c) => [c.name, c] as const))('%s', async (_, { change, verdict }) => {
    expect(await mirageVerdict(modelWith(defaultUserModel(), change))).toBe(verdict);
  });
});
