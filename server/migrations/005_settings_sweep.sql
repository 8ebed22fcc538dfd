-- What the settings sweeper (server/src/sweep) needs to remove settings no page will ever ask for
-- again, and never what an owner still uses:
-- - last_read_at: when a page (the panel, the widget, a visitor's page) last read the settings;
--   rows that exist now count as read now, so they get the whole period from today;
-- - deletion_announced_at: a delete arrived, and its work (the settings, the drive grant) is not
--   confirmed done yet; the sweeper finishes it after a grace period.
ALTER TABLE widget_settings ADD COLUMN last_read_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE widget_settings ADD COLUMN deletion_announced_at timestamptz;

CREATE INDEX widget_settings_unread ON widget_settings (last_read_at) WHERE model IS NOT NULL;
CREATE INDEX widget_settings_deletion_announced ON widget_settings (deletion_announced_at) WHERE deletion_announced_at IS NOT NULL;
