-- What the sweep (server/src/sweep/contentSweep.ts) needs to remove native content no widget shows,
-- and what the image route needs to serve an image only while a widget shows its file publicly:
-- - last_used_at: when the server last made, found or pointed a widget at (or away from) a
--   rendering; one no widget shows is removed once this is older than the grace period, so a page
--   or a shared cache still holding it gets its images meanwhile. Existing rows count as used now.
-- - native_rendering_images: the images each rendering refers to (no foreign keys: the sweep
--   removes a rendering's rows with it, and an image is kept while any row names it).
ALTER TABLE native_renderings ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();

CREATE TABLE native_rendering_images (
  file_id  text NOT NULL,
  version  bigint NOT NULL,
  image_id text NOT NULL,
  PRIMARY KEY (file_id, version, image_id)
);
CREATE INDEX native_rendering_images_image ON native_rendering_images (image_id);

INSERT INTO native_rendering_images (file_id, version, image_id)
SELECT DISTINCT r.file_id, r.version, m.parts[1]
  FROM native_renderings r
  CROSS JOIN LATERAL regexp_matches(r.html, '/content/images/([A-Za-z0-9_-]{43})', 'g') AS m(parts);

-- The widgets showing a file: the image route's check and the sweep's "does a widget show it".
CREATE INDEX native_widget_content_file ON native_widget_content (file_id, version);
CREATE INDEX native_renderings_unused ON native_renderings (last_used_at);
CREATE INDEX native_images_stored ON native_images (stored_at);
