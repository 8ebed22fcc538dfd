-- Renders that failed, by file id and drive version, shared by every server instance: a version
-- found unrenderable (too large, nested too deep: `unrenderable` says which) is never tried again
-- ('infinity'); one whose render failed or ran past its time limit is not tried again before
-- `retry_at`, which moves further off with each failure of that version. A new version of the
-- file is a new row; a file's rows are deleted once a version of it renders.
CREATE TABLE native_render_failures (
  file_id      text NOT NULL,
  version      bigint NOT NULL,
  failures     integer NOT NULL,
  unrenderable text,
  message      text NOT NULL,
  retry_at     timestamptz NOT NULL,
  PRIMARY KEY (file_id, version)
);

-- When the owner's panel last had a new version of a widget's file rendered: at most once per
-- check interval per widget, claimed in one statement, so across every instance.
CREATE TABLE native_owner_renders (
  instance_id text NOT NULL,
  comp_id     text NOT NULL,
  rendered_at timestamptz NOT NULL,
  PRIMARY KEY (instance_id, comp_id)
);
