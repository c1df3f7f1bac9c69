-- The embedded authorization server's store (SPEC R14): authorizations in flight and issued, with
-- codes and tokens kept only as SHA-256 hashes (R14.1), never in clear. Not a projection: this is
-- the short-lived state of the OAuth protocol itself; who consented to which client is in the
-- events (command.client) and their read models.

CREATE TABLE oauth_authorization (
    id                   VARCHAR(64)   PRIMARY KEY,
    registered_client_id VARCHAR(2048) NOT NULL,
    org_id               VARCHAR(64)   NOT NULL,
    subject              VARCHAR(255)  NOT NULL,
    principal_name       VARCHAR(400)  NOT NULL,
    sign_in_method       VARCHAR(16)   NOT NULL,
    grant_type           VARCHAR(64)   NOT NULL,
    authorized_scopes    VARCHAR(400),
    -- the authorization request (client id, redirect URI, scopes, the client's state, PKCE
    -- challenge, resource): no secret of the server's
    request_json         TEXT          NOT NULL,
    state_hash           VARCHAR(64),
    code_hash            VARCHAR(64),
    code_issued_at       TIMESTAMP WITH TIME ZONE,
    code_expires_at      TIMESTAMP WITH TIME ZONE,
    code_invalidated     BOOLEAN       NOT NULL,
    access_hash          VARCHAR(64),
    access_issued_at     TIMESTAMP WITH TIME ZONE,
    access_expires_at    TIMESTAMP WITH TIME ZONE,
    access_scopes        VARCHAR(400),
    access_invalidated   BOOLEAN       NOT NULL,
    created_at           TIMESTAMP WITH TIME ZONE NOT NULL,
    last_used_at         TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE UNIQUE INDEX oauth_authorization_state ON oauth_authorization (state_hash);
CREATE UNIQUE INDEX oauth_authorization_code ON oauth_authorization (code_hash);
CREATE UNIQUE INDEX oauth_authorization_access ON oauth_authorization (access_hash);
CREATE INDEX oauth_authorization_org ON oauth_authorization (org_id);

-- Refresh tokens of an authorization (its family), by hash. A rotated token keeps its row with
-- rotated_at set, so that presenting it again is recognised: within the grace it is honoured
-- (concurrent sessions of one client), after it the family is revoked.
CREATE TABLE oauth_refresh_token (
    token_hash       VARCHAR(64) PRIMARY KEY,
    authorization_id VARCHAR(64) NOT NULL,
    issued_at        TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at       TIMESTAMP WITH TIME ZONE NOT NULL,
    rotated_at       TIMESTAMP WITH TIME ZONE,
    invalidated      BOOLEAN     NOT NULL
);
CREATE INDEX oauth_refresh_token_authorization ON oauth_refresh_token (authorization_id);

-- The authorization server's signing keys: the private key lives in the credential vault (its
-- ref here); rotated after quiver.oauth.server.key-rotation, published in the JWKS until retired.
CREATE TABLE oauth_signing_key (
    kid        VARCHAR(64) PRIMARY KEY,
    vault_ref  VARCHAR(64) NOT NULL,
    public_jwk TEXT        NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    retired_at TIMESTAMP WITH TIME ZONE
);
