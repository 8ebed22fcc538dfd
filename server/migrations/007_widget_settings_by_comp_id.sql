-- A visitor's element names its widget by the widget key alone (it knows no site id): the public
-- check of its content (issue 20) finds the widget's settings by comp_id.
CREATE INDEX widget_settings_comp_id ON widget_settings (comp_id);
