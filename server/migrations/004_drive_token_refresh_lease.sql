-- One instance of the fleet refreshes a widget's access token at a time: it takes the lease (a
-- time after which another instance may take it, should the first die), refreshes, and the new
-- tokens' write clears it. The others wait for the new token instead of refreshing again.
ALTER TABLE drive_tokens ADD COLUMN refresh_lease_until timestamptz;
