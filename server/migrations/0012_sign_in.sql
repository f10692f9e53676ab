-- Moderators' sign-in (docs/moderators.md, "Signing in"): guesses bounded per account with growing
-- delays, and a second factor (TOTP) with recovery codes.

-- Sign-in attempts per account, or per account and known device (a browser that signed in to it
-- before), counted before the password is checked. `bucket` is a keyed hash: no username is kept
-- here. A row is forgotten after a day without attempts, and deleted when a sign-in succeeds.
CREATE TABLE sign_in_attempts (
  bucket   text PRIMARY KEY,
  attempts integer NOT NULL,
  last_at  timestamptz NOT NULL DEFAULT now(),
  next_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_attempts_last_idx ON sign_in_attempts (last_at);

-- A moderator's authenticator: the shared secret (base32) once confirmed, one being set up, the
-- last time step a code was used for (no code works twice), and the unused recovery codes (SHA-256
-- of each: they are long random strings, used once).
ALTER TABLE users
  ADD COLUMN totp_secret    text,
  ADD COLUMN totp_pending   text,
  ADD COLUMN totp_last_step bigint,
  ADD COLUMN recovery_codes text[] NOT NULL DEFAULT '{}';

-- Whether the session was opened (or later confirmed) with the second factor.
ALTER TABLE sessions ADD COLUMN two_factor boolean NOT NULL DEFAULT false;

INSERT INTO settings (key, value) VALUES ('require_two_factor', 'false') ON CONFLICT (key) DO NOTHING;
