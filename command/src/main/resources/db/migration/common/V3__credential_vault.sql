-- The credential vault (SPEC R1.3): connection secrets encrypted with AES-256-GCM, one row per
-- grant. Events carry only the ref. Erasing an entry drops its ciphertext and keeps a tombstone
-- (erased_at), so that a read of an erased grant says "erased" rather than "unknown".
CREATE TABLE credential_vault (
    ref           VARCHAR(64) PRIMARY KEY,
    org_id        VARCHAR(64) NOT NULL,
    connection_id VARCHAR(64) NOT NULL,
    ciphertext    BYTEA,
    created_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    erased_at     TIMESTAMP WITH TIME ZONE
);

CREATE INDEX credential_vault_connection ON credential_vault (org_id, connection_id);
