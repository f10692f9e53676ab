-- A watch may be a trip between two places (WATCH Kalerwe TO Old Taxi Park): its way, as the route
-- check finds it, and the distance either side of it that counts (radius_m). Its point is the start.
ALTER TABLE sms_watches ADD COLUMN route geography(LineString, 4326);
CREATE INDEX sms_watches_route_idx ON sms_watches USING gist (route) WHERE route IS NOT NULL;
