-- The region's box is the application's rule (common/region.ts; REGION_FILE can name another
-- region), no longer Uganda's written into the schema: coordinates are only checked to be on Earth.
ALTER TABLE spots DROP CONSTRAINT spots_lat_check;
ALTER TABLE spots DROP CONSTRAINT spots_lng_check;
ALTER TABLE spots ADD CONSTRAINT spots_lat_check CHECK (lat BETWEEN -90 AND 90);
ALTER TABLE spots ADD CONSTRAINT spots_lng_check CHECK (lng BETWEEN -180 AND 180);
ALTER TABLE sms_watches DROP CONSTRAINT sms_watches_lat_check;
ALTER TABLE sms_watches DROP CONSTRAINT sms_watches_lng_check;
ALTER TABLE sms_watches ADD CONSTRAINT sms_watches_lat_check CHECK (lat BETWEEN -90 AND 90);
ALTER TABLE sms_watches ADD CONSTRAINT sms_watches_lng_check CHECK (lng BETWEEN -180 AND 180);
