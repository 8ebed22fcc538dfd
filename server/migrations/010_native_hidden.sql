-- Private means private at once (native content): when the owner removes a file's public permission
-- through our api, every widget of the site that shows the file stops showing it to visitors
-- (`public` false) before the drive is even asked, and `hidden_at` records when, by the database's
-- clock. A background check that asked the drive about the file's sharing before that moment (its
-- answer may still say public) cannot make the file public again: only a check asked after it can.
ALTER TABLE native_widget_content ADD COLUMN hidden_at timestamptz;
