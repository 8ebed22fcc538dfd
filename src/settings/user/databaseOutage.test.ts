/**
 * The server answers 503 `database_unavailable` (with Retry-After) while its database is down: the
 * panel takes it as it takes a network failure: the change is kept, the status says "not saved
 * yet, retrying", and the save goes through once the server can store it again.
 */
import { Response } from 'miragejs';
import { startPanel, type PanelHarness } from '../../../test/helpers/panelHarness';
import { userActions } from '../model';

jest.setTimeout(20_000);
let panel: PanelHarness;
afterEach(() => panel.stop());

it('a save answered 503 database_unavailable is retried, kept until then, and stored when the database is back', async () => {
  panel = startPanel();
  await panel.until((st) => st.files.status === 'ready');
  let databaseDown = true;
  let refused = 0;
  const stored: string[] = [];
  panel.server.post('/api/save', (_schema, request) => {
    if (databaseDown) {
      refused += 1;
      if (refused === 2) databaseDown = false;
      return new Response(
        503,
        // The server asks for no wait here (its 2 s would only slow the test; the wait is retrySaga's own test).
        { 'Retry-After': '0' },
        { error: 'database_unavailable', message: 'The database is not available right now. Try again in a moment.' },
      );
    }
    stored.push(String(new URLSearchParams(request.requestBody).get('user')));
    return new Response(200, {}, { revision: 1 });
  });
  panel.dispatch(userActions.localeChanged('es'));
  const retrying = await panel.until((st) => st.user.save.status === 'retrying');
  expect(retrying.user.save.error).toMatchObject({ code: 'http', status: 503, reason: 'database_unavailable' });
  expect(retrying.user.model.locale).toBe('es');
  await panel.until((st) => st.user.save.status === 'saved');
  expect(refused).toBe(2);
  expect(stored).toHaveLength(1);
  expect(JSON.parse(stored[0]!)).toMatchObject({ locale: 'es' });
});
