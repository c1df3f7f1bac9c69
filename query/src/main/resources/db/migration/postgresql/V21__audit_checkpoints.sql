-- SPEC R10.10, R10.11: the encoding version each entry's hash covers (1 before this migration,
-- 2 for every entry written after it: the marked cut-over), and the signed checkpoints of each
-- organisation's trail.

ALTER TABLE tool_call_audit ADD COLUMN hash_version SMALLINT NOT NULL DEFAULT 1;

-- One row per signed checkpoint: the first tree_size entries of an organisation's trail, the
-- Merkle root over them (RFC 9162), when and by which key it was signed, and the frontier of the
-- tree (the hashes of its perfect subtrees, largest first, as a JSON array of hex) from which
-- the next checkpoint continues without reading these entries again.
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

CREATE TRIGGER audit_checkpoint_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_checkpoint
    FOR EACH STATEMENT EXECUTE FUNCTION tool_call_audit_refuse_change();

DO $$
DECLARE
    runtime TEXT := coalesce(current_setting('quiver.runtime_role', true), '');
BEGIN
    IF runtime <> '' AND runtime <> current_user::text THEN
        EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON audit_checkpoint FROM %I', runtime);
    END IF;
END $$;
