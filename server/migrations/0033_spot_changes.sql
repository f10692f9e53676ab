-- The public changes of spots, in order, for the live stream (GET /api/events, events/): a spot
-- published (or back from the archive), changed (its counts, status, verification or fields), taken
-- off the public map (held, rejected, deleted) or archived. A trigger writes them, so every path that
-- writes a spot (a report, a vote, a flag, a moderator, the archiving) is heard without knowing of
-- the stream. A change of confidence alone is not one: the hourly ageing touches every spot, and the
-- page ages confidence itself. `at` is when the row was written (clock_timestamp), which the stream
-- uses to know when no earlier transaction can still commit a change it has not read. No NOTIFY
-- here: a transaction that notifies takes a lock at commit that serializes all such commits (9 % of
-- the votes a second in the bench); the instances hear of writes as their caches do (SharedChanges).
CREATE TABLE spot_changes (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  spot_id integer NOT NULL,
  kind    text NOT NULL CHECK (kind IN ('published', 'changed', 'hidden', 'archived')),
  lat     double precision NOT NULL,
  lng     double precision NOT NULL,
  -- Where it was, when a moderator's edit moved it: the map redraws both places.
  was_lat double precision,
  was_lng double precision
);
CREATE INDEX spot_changes_at_idx ON spot_changes (at);

CREATE FUNCTION spot_public_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := TG_OP <> 'INSERT' AND OLD.publication IN ('approved', 'archived');
  is_public boolean := TG_OP <> 'DELETE' AND NEW.publication IN ('approved', 'archived');
  moved boolean := TG_OP = 'UPDATE' AND (OLD.lat, OLD.lng) IS DISTINCT FROM (NEW.lat, NEW.lng);
  v_kind text;
BEGIN
  IF NOT was_public AND NOT is_public THEN
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
CREATE TRIGGER spots_public_change AFTER INSERT OR UPDATE OR DELETE ON spots
  FOR EACH ROW EXECUTE FUNCTION spot_public_change();
