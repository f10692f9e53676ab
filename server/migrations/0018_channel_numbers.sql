-- What a phone number chose, found by its salted hash (never the number): the language its screens
-- and messages speak (null until it chooses one), and where its last NEAR left off, for MORE.
-- Erased with STOP, and after 180 days without a word from the number.
CREATE TABLE channel_numbers (
  phone_hash  text PRIMARY KEY,
  lang        text CHECK (char_length(lang) BETWEEN 2 AND 8),
  near_place  text CHECK (char_length(near_place) <= 80),
  near_lat    double precision,
  near_lng    double precision,
  near_shown  integer NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
