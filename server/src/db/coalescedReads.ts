/**
 * Reads of one widget's settings, coalesced but never stale. While a read of a widget is in
 * flight (its query may have been sent before a request came in), the requests for that widget
 * that arrive wait for it to end and then share one new read, sent after every one of them
 * arrived. So each answer comes from a query begun after its request came in: it is never older
 * than a save any instance had acknowledged by then. A popular widget's page under load costs one
 * query per round instead of one per visitor.
 */
import type { SettingsKey, StoredSettings } from './settingsStore';

type Read = (key: SettingsKey) => Promise<StoredSettings>;

interface Slot {
  running: Promise<StoredSettings>;
  /** The read that follows `running`, shared by every request that arrived while it ran. */
  next?: Promise<StoredSettings>;
}

export function coalescedReads(read: Read): Read {
  const slots = new Map<string, Slot>();

  function start(id: string, key: SettingsKey): Promise<StoredSettings> {
    const slot: Slot = { running: read(key) };
    slots.set(id, slot);
    const settled = () => {
      if (slots.get(id) === slot && slot.next === undefined) slots.delete(id);
    };
    slot.running.then(settled, settled);
    return slot.running;
  }

  return (key) => {
    const id = `${key.instanceId}\u0000${key.compId}`;
    const slot = slots.get(id);
    if (!slot) return start(id, key);
    const after = () => start(id, key);
    slot.next ??= slot.running.then(after, after);
    return slot.next;
  };
}
