/**
 * The widget page's coalesced reads (server/src/db/coalescedReads.ts): requests that arrive while
 * a read runs share the next one, and no request is ever answered by a read sent before it came.
 */
import { coalescedReads } from '../src/db/coalescedReads';
import type { SettingsKey, StoredSettings } from '../src/db/settingsStore';

const widget: SettingsKey = { instanceId: 'site-1', compId: 'comp-1' };
const other: SettingsKey = { instanceId: 'site-1', compId: 'comp-2' };

/** A store whose reads answer only when the test says, with the revision stored when each read was sent. */
function slowStore() {
  let revision = 1;
  const sent: Array<{ key: SettingsKey; answer(): void; fail(error: Error): void }> = [];
  const read = (key: SettingsKey) =>
    new Promise<StoredSettings>((resolve, reject) => {
      const atSend = revision;
      sent.push({ key, answer: () => resolve({ model: { n: atSend }, revision: atSend }), fail: reject });
    });
  return {
    read,
    sent,
    save: () => void revision++,
    answerAll: async () => {
      for (const r of sent.splice(0)) r.answer();
      await new Promise((r) => setImmediate(r));
    },
  };
}

test('requests arriving while a read runs share one next read, sent after they all arrived', async () => {
  const store = slowStore();
  const read = coalescedReads(store.read);
  const first = read(widget);
  // Another instance acknowledges a save; then five visitors ask.
  store.save();
  const later = [1, 2, 3, 4, 5].map(() => read(widget));
  expect(store.sent).toHaveLength(1);
  await store.answerAll();
  expect((await first).revision).toBe(1);
  // The one read for the five is sent now, after the save: all five see it.
  expect(store.sent).toHaveLength(1);
  await store.answerAll();
  expect((await Promise.all(later)).map((s) => s.revision)).toEqual([2, 2, 2, 2, 2]);
});

test('a request after the reads ended starts a read of its own; other widgets never wait', async () => {
  const store = slowStore();
  const read = coalescedReads(store.read);
  const a = read(widget);
  const b = read(other);
  expect(store.sent.map((r) => r.key)).toEqual([widget, other]);
  await store.answerAll();
  await Promise.all([a, b]);
  store.save();
  const c = read(widget);
  expect(store.sent).toHaveLength(1);
  await store.answerAll();
  expect((await c).revision).toBe(2);
});

test('a failed read fails those it answers; the next round reads again', async () => {
  const store = slowStore();
  const read = coalescedReads(store.read);
  const failing = read(widget);
  const waiting = read(widget);
  store.sent.splice(0)[0]!.fail(new Error('database unavailable'));
  await expect(failing).rejects.toThrow('database unavailable');
  await new Promise((r) => setImmediate(r));
  expect(store.sent).toHaveLength(1);
  await store.answerAll();
  expect((await waiting).revision).toBe(1);
});
