-- Authorizations in flight of OAuth connections (SPEC R4.5): protocol state, not a
-- projection. The state is kept as its SHA-256 (it is 256-bit random); the PKCE verifier
-- is useless without the code, which never reaches this table.
CREATE TABLE oauth_connect_state (
    state_hash     VARCHAR(64)   PRIMARY KEY,
    org_id         VARCHAR(64)   NOT NULL,
    member_id      VARCHAR(64)   NOT NULL,
    connection_id  VARCHAR(64)   NOT NULL,
    code_verifier  VARCHAR(128)  NOT NULL,
    redirect_uri   VARCHAR(2000) NOT NULL,
    provider       TEXT          NOT NULL,
    created_at     TIMESTAMP     NOT NULL,
    expires_at     TIMESTAMP     NOT NULL,
    used_at        TIMESTAMP
);
CREATE INDEX oauth_connect_state_connection ON oauth_connect_state (org_id, connection_id);
