-- A watch's own distance (200 m to 5 km, 1 km unless the number said) and the hours it matters
-- (local, from from_hour to to_hour, across midnight when from_hour > to_hour; all day when null).
ALTER TABLE sms_watches
  ADD COLUMN radius_m  integer NOT NULL DEFAULT 1000 CHECK (radius_m BETWEEN 200 AND 5000),
  ADD COLUMN from_hour smallint CHECK (from_hour BETWEEN 0 AND 23),
  ADD COLUMN to_hour   smallint CHECK (to_hour BETWEEN 0 AND 23),
  ADD CHECK ((from_hour IS NULL) = (to_hour IS NULL));
