-- The trace each call ran in (SPEC R15.1): an entry of the trail leads to the call's spans and
-- log lines. Null for entries written before, and for calls that were not traced.
ALTER TABLE tool_call_audit ADD COLUMN trace_id VARCHAR(32);
