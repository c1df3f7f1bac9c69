-- The tool-call audit trail (SPEC R10): one row per tools/call attempt, in its own append-only
-- table (not the event store, so that the high-volume part never slows policy replays, R10.6),
-- partitioned by month, chained by hash per organisation (R10.4).

CREATE TABLE tool_call_audit (
    org_id           VARCHAR(64)  NOT NULL,
    seq              BIGINT       NOT NULL,
    entry_id         VARCHAR(64)  NOT NULL,
    at               TIMESTAMPTZ  NOT NULL,
    member_id        VARCHAR(64),
    subject          VARCHAR(255),
    requested_name   VARCHAR(200) NOT NULL,
    via_execute_tool BOOLEAN      NOT NULL,
    resolved_tool    VARCHAR(200),
    operation        VARCHAR(300),
    connection_id    VARCHAR(64),
    account          VARCHAR(64),
    classification   VARCHAR(16),
    gate             VARCHAR(32),
    decision         VARCHAR(16)  NOT NULL,
    outcome          VARCHAR(16)  NOT NULL,
    error_code       VARCHAR(64),
    argument_names   TEXT         NOT NULL,
    argument_count   INTEGER      NOT NULL,
    duration_micros  BIGINT       NOT NULL,
    prev_hash        VARCHAR(64)  NOT NULL,
    hash             VARCHAR(64)  NOT NULL,
    PRIMARY KEY (org_id, seq, at)
) PARTITION BY RANGE (at);

CREATE TABLE tool_call_audit_default PARTITION OF tool_call_audit DEFAULT;

-- Monthly partitions for the coming years; AuditPartitions creates later ones ahead of time.
DO $$
DECLARE
    month DATE := DATE '2026-01-01';
BEGIN
    WHILE month < DATE '2029-01-01' LOOP
        EXECUTE format('CREATE TABLE tool_call_audit_%s PARTITION OF tool_call_audit FOR VALUES FROM (%L) TO (%L)',
                       to_char(month, 'YYYY_MM'), month, month + INTERVAL '1 month');
        month := month + INTERVAL '1 month';
    END LOOP;
END $$;

CREATE INDEX tool_call_audit_member ON tool_call_audit (org_id, member_id, at);
CREATE INDEX tool_call_audit_tool ON tool_call_audit (org_id, resolved_tool, at);
CREATE INDEX tool_call_audit_at ON tool_call_audit (org_id, at);

-- The head of each organisation's chain: the last sequence number and hash. Appends lock it.
CREATE TABLE tool_call_audit_head (
    org_id    VARCHAR(64) PRIMARY KEY,
    last_seq  BIGINT      NOT NULL,
    last_hash VARCHAR(64) NOT NULL
);

-- Append-only: the database refuses UPDATE, DELETE and TRUNCATE of the trail, whoever asks.
CREATE FUNCTION tool_call_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'tool_call_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER tool_call_audit_append_only BEFORE UPDATE OR DELETE ON tool_call_audit
    FOR EACH ROW EXECUTE FUNCTION tool_call_audit_refuse_change();

CREATE TRIGGER tool_call_audit_no_truncate BEFORE TRUNCATE ON tool_call_audit
    FOR EACH STATEMENT EXECUTE FUNCTION tool_call_audit_refuse_change();
