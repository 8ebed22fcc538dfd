-- A widget key (the current model's widget id, a lower-case UUID: WIDGET_KEY_PATTERN of
-- src/contract/widgetKey.ts) belongs to the site that first saved settings under it: another
-- site's save or delete under it is refused, and a visitor's element, which names its widget by the
-- key alone, is answered from that site's settings only. Before, any site could save under a key
-- read in another site's page HTML, and a key held by two sites answered no visitor at all.
--
-- Keys several sites hold already are settled here. No row recorded when it was first saved, so the
-- key stays with the row that is the best evidence of it: one in use before one deleted, then the
-- one saved most often (an owner's widget is saved at each change; a copy under its key, rarely),
-- then the one whose last change is the oldest, then the site's id (so the result is one). The other
-- sites' settings under the key go, with what pointed their widget at native content; their drive
-- grants stay theirs (their own delete of the widget forgets them). A legacy compId is per site
-- (a duplicated site keeps its compIds): it is not a key and is left alone.
CREATE TEMPORARY TABLE widget_key_losers ON COMMIT DROP AS
  SELECT instance_id, comp_id FROM (
    SELECT instance_id, comp_id,
           row_number() OVER (PARTITION BY comp_id ORDER BY model IS NULL, revision DESC, updated_at, instance_id) AS rank
      FROM widget_settings
     WHERE comp_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'
  ) ranked
  WHERE rank > 1;

DELETE FROM native_widget_content n USING widget_key_losers l WHERE n.instance_id = l.instance_id AND n.comp_id = l.comp_id;
DELETE FROM widget_settings s USING widget_key_losers l WHERE s.instance_id = l.instance_id AND s.comp_id = l.comp_id;

-- From now on one site per key, deleted settings (tombstones, which are never removed) included.
CREATE UNIQUE INDEX widget_settings_widget_key ON widget_settings (comp_id)
  WHERE comp_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';
