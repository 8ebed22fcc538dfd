-- One row per widget: the site (the instance's id) and the widget's component id.
-- `model` is the user model's JSON; NULL after the widget's settings were deleted, when the row
-- stays as a tombstone so its revision never goes back and an old save cannot come back to life.
CREATE TABLE widget_settings (
  instance_id text NOT NULL,
  comp_id     text NOT NULL,
  model       jsonb,
  revision    integer NOT NULL CHECK (revision > 0),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (instance_id, comp_id)
);
