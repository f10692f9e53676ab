-- Coordinates are kept to 7 decimal places (common/geo.ts, roundCoordinate): a latitude such as
-- 5e-324, stored as sent before, made PostgreSQL's arithmetic on it fail with an underflow and the
-- map's clusters with it. Rows stored before are rounded the same way; the grid and tile triggers
-- move each changed spot between cells as for any edit of its place.
UPDATE spots
   SET lat = round(lat::numeric, 7)::double precision,
       lng = round(lng::numeric, 7)::double precision
 WHERE lat <> round(lat::numeric, 7)::double precision
    OR lng <> round(lng::numeric, 7)::double precision;

UPDATE watches
   SET lat = round(lat::numeric, 7)::double precision,
       lng = round(lng::numeric, 7)::double precision
 WHERE lat <> round(lat::numeric, 7)::double precision
    OR lng <> round(lng::numeric, 7)::double precision;
