/**
 * The owner's new renders per widget (migration 011, `native_owner_renders`): the panel asks the
 * drive at once, and while the widget has a copy of its file a new version is rendered for it at
 * most once per interval, claimed in one statement, so across every instance (an owner editing
 * the document would otherwise store a copy at every ask).
 */
import type { Database } from '../db/database';
import type { SettingsKey } from '../db/settingsStore';

export interface OwnerRenders {
  /** True when this widget may have a new version rendered for its owner now: none within `intervalMs`. */
  claim(key: SettingsKey, intervalMs: number): Promise<boolean>;
}

const CLAIM = `
  INSERT INTO native_owner_renders AS o (instance_id, comp_id, rendered_at) VALUES ($1, $2, now())
  ON CONFLICT (instance_id, comp_id) DO UPDATE SET rendered_at = now()
  WHERE o.rendered_at <= now() - ($3::double precision * interval '1 millisecond')
  RETURNING true AS claimed`;

export function createOwnerRenders(db: Database): OwnerRenders {
  return {
    async claim({ instanceId, compId }, intervalMs) {
      return (await db.query(CLAIM, [instanceId, compId, intervalMs])).length > 0;
    },
  };
}
