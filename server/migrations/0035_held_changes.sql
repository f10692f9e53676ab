-- The moderators' stream (GET /api/mod/events) hears of reports held for them as the public stream
-- hears of new dangers: the same trigger logs a spot that becomes pending as `held`. The public
-- stream never sends a held change (its spot is not public); the moderators' console asks its queue
-- and alarms again when one comes.
ALTER TABLE spot_changes DROP CONSTRAINT spot_changes_kind_check;
ALTER TABLE spot_changes ADD CONSTRAINT spot_changes_kind_check
  CHECK (kind IN ('published', 'changed', 'hidden', 'archived', 'held'));

CREATE OR REPLACE FUNCTION spot_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := TG_OP <> 'INSERT' AND OLD.publication IN ('approved', 'archived');
  is_public boolean := TG_OP <> 'DELETE' AND NEW.publication IN ('approved', 'archived');
  moved boolean := TG_OP = 'UPDATE' AND (OLD.lat, OLD.lng) IS DISTINCT FROM (NEW.lat, NEW.lng);
  v_kind text;
BEGIN
  IF NOT was_public AND NOT is_public THEN
    IF TG_OP <> 'DELETE' AND NEW.publication = 'pending'
       AND (TG_OP = 'INSERT' OR OLD.publication IS DISTINCT FROM 'pending') THEN
      INSERT INTO spot_changes (spot_id, kind, lat, lng) VALUES (NEW.id, 'held', NEW.lat, NEW.lng);
    END IF;
    RETURN NULL;
  ELSIF NOT is_public THEN
    INSERT INTO spot_changes (spot_id, kind, lat, lng) VALUES (OLD.id, 'hidden', OLD.lat, OLD.lng);
    RETURN NULL;
  ELSIF NOT was_public OR (OLD.publication = 'archived' AND NEW.publication = 'approved') THEN
    v_kind := 'published';
  ELSIF NEW.publication = 'archived' THEN
    v_kind := 'archived';
  ELSIF (OLD.confirmations, OLD.denials, OLD.moderator_verified, OLD.title, OLD.description, OLD.area,
         OLD.category, OLD.severity, OLD.time_of_day, OLD.incident_date, OLD.source_url, OLD.lat, OLD.lng)
        IS DISTINCT FROM
        (NEW.confirmations, NEW.denials, NEW.moderator_verified, NEW.title, NEW.description, NEW.area,
         NEW.category, NEW.severity, NEW.time_of_day, NEW.incident_date, NEW.source_url, NEW.lat, NEW.lng) THEN
    v_kind := 'changed';
  ELSE
    RETURN NULL;
  END IF;
  INSERT INTO spot_changes (spot_id, kind, lat, lng, was_lat, was_lng)
    VALUES (NEW.id, v_kind, NEW.lat, NEW.lng,
      CASE WHEN moved THEN OLD.lat END, CASE WHEN moved THEN OLD.lng END);
  RETURN NULL;
END
$$;
