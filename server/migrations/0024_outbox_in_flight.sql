-- A message is marked in flight just before it is handed to its way out (channels/outbox.ts): a
-- worker that takes over a message whose lease ran out knows it may have reached the gateway, and
-- sends it again under the same idempotency key, never under a new one.
ALTER TABLE outbox ADD COLUMN in_flight_at timestamptz;
