-- Which grant a call presented, by its fingerprint (SPEC R4.5): an OAuth grant keeps its
-- fingerprint while its tokens are refreshed, so the trail tells grants apart without a
-- token. Null for entries written before, for denied calls and calls without a grant.
ALTER TABLE tool_call_audit ADD COLUMN grant_fingerprint VARCHAR(16);
