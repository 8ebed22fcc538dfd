/**
 * The contract table (test/contract/modelCases.ts) through the server: each case's model is saved
 * the way the panel's client sends it, and the answer is the verdict: 200 accepted, 400 naming the
 * field `user` refused (and nothing stored).
 */
import { defaultUserModel } from '#client/contract/userModel';
import { MODEL_CASES, modelWith } from '../../test/contract/modelCases';
import type { Database } from '../src/db/database';
import { ownerInstance } from './support/instances';
import { readUser, save } from './support/requests';
import { openTestDatabase, resetDatabase, startTestApp, type TestApp } from './support/testApp';

jest.setTimeout(30_000);

let db: Database;
let t: TestApp;
const panel = () => ({ instance: ownerInstance(), compId: 'tpaSettings', origCompId: 'comp-1' });

beforeAll(async () => {
  db = await openTestDatabase();
  t = await startTestApp({ db, config: { writeRateLimit: { max: 10_000, windowMs: 60_000 } } });
});
afterAll(async () => {
  await t.app.close();
  await db.close();
});
beforeEach(() => resetDatabase(db));

async function serverVerdict(model: Record<string, unknown>): Promise<'accepted' | 'refused'> {
  const answer = await save(t.app, panel(), model, 0);
  if (answer.statusCode === 200) return 'accepted';
  expect({ status: answer.statusCode, body: answer.json() }).toEqual({
    status: 400,
    // The answer names the refused setting (the first the contract's model rule refuses).
    body: { error: 'invalid_user', message: expect.stringMatching(/\buser\b.*\binvalid value for /), field: expect.any(String) },
  });
  expect((await readUser(t.app, panel())).json()).toEqual(expect.objectContaining({ revision: 0 }));
  return 'refused';
}

describe('the contract table through the server', () => {
  it.each(MODEL_CASES.map((c) => [c.name, c] as const))('%s', async (_, { change, verdict }) => {
    expect(await serverVerdict(modelWith(defaultUserModel(), change))).toBe(verdict);
  });
});
