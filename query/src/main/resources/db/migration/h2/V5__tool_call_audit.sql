-- The tool-call audit trail (SPEC R10) on the embedded default. Same columns as on PostgreSQL;
-- H2 has no partitions and no SQL triggers, so append-only rests on the code having no update
-- or delete path (and is enforced by the database on PostgreSQL).

CREATE TABLE tool_call_audit (
    org_id           VARCHAR(64)  NOT NULL,
    seq              BIGINT       NOT NULL,
    entry_id         VARCHAR(64)  NOT NULL,
    at               TIMESTAMP WITH TIME ZONE NOT NULL,
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
);

CREATE INDEX tool_call_audit_member ON tool_call_audit (org_id, member_id, at);
CREATE INDEX tool_call_audit_tool ON tool_call_audit (org_id, resolved_tool, at);
CREATE INDEX tool_call_audit_at ON tool_call_audit (org_id, at);

CREATE TABLE tool_call_audit_head (
    org_id    VARCHAR(64) PRIMARY KEY,
    last_seq  BIGINT      NOT NULL,
    last_hash VARCHAR(64) NOT NULL
);
