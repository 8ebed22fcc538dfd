-- The write limit's counters, shared by every instance of the server (one PostgreSQL, many
-- processes): one row per site and route, counting the requests of the current fixed window,
-- whose start (milliseconds since the epoch, by the database's clock) is `window_start`.
CREATE TABLE write_limits (
  key          text PRIMARY KEY,
  window_start bigint NOT NULL,
  count        integer NOT NULL
);
