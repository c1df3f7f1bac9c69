-- Read models of the authorization server's clients and consents (SPEC R14), projections of the
-- command.client events, rebuilt by replay like the others (processing group client-directory).

-- Registered clients belong to the deployment (R14.1): no org_id.
CREATE TABLE client_directory (
    client_id     VARCHAR(2048) PRIMARY KEY,
    kind          VARCHAR(32)   NOT NULL,
    client_name   VARCHAR(200)  NOT NULL,
    redirect_uris TEXT          NOT NULL,
    client_uri    VARCHAR(2048),
    registered_at VARCHAR(40)   NOT NULL
);

-- Consents belong to one organisation (R1.4).
CREATE TABLE client_consent_directory (
    consent_id    VARCHAR(64)   PRIMARY KEY,
    org_id        VARCHAR(64)   NOT NULL,
    member_id     VARCHAR(64)   NOT NULL,
    client_id     VARCHAR(2048) NOT NULL,
    client_name   VARCHAR(200)  NOT NULL,
    scopes        VARCHAR(200)  NOT NULL,
    redirect_host VARCHAR(255),
    granted_at    VARCHAR(40)   NOT NULL,
    revoked_at    VARCHAR(40),
    revoked_why   VARCHAR(32),
    last_seq      BIGINT        NOT NULL
);
CREATE INDEX client_consent_directory_member ON client_consent_directory (org_id, member_id);

-- Each organisation's OIDC identity provider (R14.4): the secret is a vault ref.
CREATE TABLE identity_provider_directory (
    org_id                VARCHAR(64)   PRIMARY KEY,
    issuer                VARCHAR(2048) NOT NULL,
    client_id             VARCHAR(255)  NOT NULL,
    client_secret_ref     VARCHAR(64)   NOT NULL,
    subject_claim         VARCHAR(64)   NOT NULL,
    allowed_email_domains TEXT          NOT NULL,
    configured_at         VARCHAR(40)   NOT NULL
);
