-- SPEC R10.7, write-ahead, on the embedded default: as on PostgreSQL, an attempt entry
-- (phase 'attempt') and the outcome entry that settles it (phase 'outcome', attempt_seq).

ALTER TABLE tool_call_audit ADD COLUMN phase VARCHAR(8);
ALTER TABLE tool_call_audit ADD COLUMN attempt_seq BIGINT;

CREATE INDEX tool_call_audit_attempt ON tool_call_audit (org_id, attempt_seq);
