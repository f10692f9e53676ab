-- Public spots matching a full-text query, at most `cap` of them, always through the full-text
-- index. Left to itself the planner may walk the severity index and filter, which is quick when
-- matches are common but reads every spot when two common words rarely meet ("taxi" & "park":
-- about a second at 1M spots). The function's settings hold only while it runs.
CREATE FUNCTION search_matches(q tsquery, cap int)
RETURNS TABLE (id int, severity int)
LANGUAGE sql STABLE
SET enable_seqscan = off
SET enable_indexscan = off
AS $$
  SELECT s.id, s.severity FROM spots s
  WHERE s.publication = 'approved' AND s.search_tsv @@ q
  LIMIT cap
$$;
