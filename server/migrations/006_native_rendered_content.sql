-- Native content (issue 20). A drive file rendered at one of its versions: the same file at the
-- same version renders the same, whichever widget asked for it.
CREATE TABLE native_renderings (
  file_id     text NOT NULL,
  version     bigint NOT NULL,
  html        text NOT NULL,
  rendered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (file_id, version)
);

-- What each widget shows: the version of its file its own grant last read, whether the file was
-- public then (visitors see it only then), and when the drive was last asked (at most once a minute).
CREATE TABLE native_widget_content (
  instance_id text NOT NULL,
  comp_id     text NOT NULL,
  file_id     text NOT NULL,
  version     bigint,
  public      boolean NOT NULL DEFAULT false,
  checked_at  timestamptz NOT NULL,
  PRIMARY KEY (instance_id, comp_id)
);

-- The server's own copy of each image of rendered content (the drive's image URLs expire), by the
-- SHA-256 of its bytes, so every server instance can serve it.
CREATE TABLE native_images (
  id           text PRIMARY KEY,
  content_type text NOT NULL,
  bytes        bytea NOT NULL,
  stored_at    timestamptz NOT NULL DEFAULT now()
);
