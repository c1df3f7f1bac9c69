-- SPEC R10.10, R10.11 on the embedded default: the encoding version each entry's hash covers
-- (1 before this migration, 2 since: the marked cut-over) and the signed checkpoints.

ALTER TABLE tool_call_audit ADD COLUMN hash_version SMALLINT DEFAULT 1 NOT NULL;

CREATE TABLE audit_checkpoint (
    org_id     VARCHAR(64)  NOT NULL,
    tree_size  BIGINT       NOT NULL,
    root_hash  VARCHAR(64)  NOT NULL,
    signed_at  VARCHAR(32)  NOT NULL,
    key_id     VARCHAR(32)  NOT NULL,
    signature  VARCHAR(128) NOT NULL,
    frontier   TEXT         NOT NULL,
    PRIMARY KEY (org_id, tree_size)
);
