-- A number's first WATCH waits for that number to confirm it (a reply YES), so a forged or mistaken
-- WATCH never sends alerts to a stranger. Watches made before are taken as confirmed. Unconfirmed
-- watches are deleted after a day (purgeChannelData).
ALTER TABLE sms_watches ADD COLUMN confirmed_at timestamptz;
UPDATE sms_watches SET confirmed_at = created_at;
