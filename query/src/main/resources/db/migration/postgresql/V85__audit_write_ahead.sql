-- SPEC R10.7, write-ahead: a connected write or destructive call is two entries, its attempt
-- (phase 'attempt', durable before the call reaches its upstream) and its outcome (phase
-- 'outcome', attempt_seq the seq of the attempt it settles). Every other entry has neither.
-- Added to the parent, the columns reach every partition, present and future.

ALTER TABLE tool_call_audit ADD COLUMN phase VARCHAR(8);
ALTER TABLE tool_call_audit ADD COLUMN attempt_seq BIGINT;

-- Listings and exports join an attempt to its outcome.
CREATE INDEX tool_call_audit_attempt ON tool_call_audit (org_id, attempt_seq);
