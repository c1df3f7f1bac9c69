-- Read models: projections of the event store, one processing group (and one set of tables) per
-- projection so that each can be rebuilt alone. last_seq is the aggregate sequence number of the
-- last event applied to the row; events at or below it are skipped (idempotent replays).

CREATE TABLE member_directory (
    member_id  VARCHAR(64)  PRIMARY KEY,
    org_id     VARCHAR(64)  NOT NULL,
    subject    VARCHAR(255) NOT NULL,
    email      VARCHAR(320),
    role       VARCHAR(32)  NOT NULL,
    status     VARCHAR(16)  NOT NULL,
    invited_at VARCHAR(40)  NOT NULL,
    updated_at VARCHAR(40)  NOT NULL,
    last_seq   BIGINT       NOT NULL
);
CREATE INDEX member_directory_org ON member_directory (org_id, subject);

CREATE TABLE connection_directory (
    connection_id     VARCHAR(64)  PRIMARY KEY,
    org_id            VARCHAR(64)  NOT NULL,
    connector_id      VARCHAR(64)  NOT NULL,
    label             VARCHAR(64)  NOT NULL,
    owner_member_id   VARCHAR(64)  NOT NULL,
    grant_status      VARCHAR(16)  NOT NULL,
    grant_type        VARCHAR(16),
    grant_fingerprint VARCHAR(64),
    imported_tools    INTEGER      NOT NULL,
    created_at        VARCHAR(40)  NOT NULL,
    updated_at        VARCHAR(40)  NOT NULL,
    deleted           BOOLEAN      NOT NULL,
    last_seq          BIGINT       NOT NULL
);
CREATE INDEX connection_directory_org ON connection_directory (org_id, label);

CREATE TABLE toolbox_directory (
    toolbox_id  VARCHAR(64)   PRIMARY KEY,
    org_id      VARCHAR(64)   NOT NULL,
    name        VARCHAR(64)   NOT NULL,
    description VARCHAR(2000),
    entries     TEXT          NOT NULL,
    grants      TEXT          NOT NULL,
    created_at  VARCHAR(40)   NOT NULL,
    updated_at  VARCHAR(40)   NOT NULL,
    deleted     BOOLEAN       NOT NULL,
    last_seq    BIGINT        NOT NULL
);
CREATE INDEX toolbox_directory_org ON toolbox_directory (org_id, name);

CREATE TABLE restriction_directory (
    restriction_id VARCHAR(64) PRIMARY KEY,
    org_id         VARCHAR(64) NOT NULL,
    target         VARCHAR(300) NOT NULL,
    rules          TEXT        NOT NULL,
    created_at     VARCHAR(40) NOT NULL,
    updated_at     VARCHAR(40) NOT NULL,
    deleted        BOOLEAN     NOT NULL,
    last_seq       BIGINT      NOT NULL
);
CREATE INDEX restriction_directory_org ON restriction_directory (org_id, target);

CREATE TABLE catalog_connector (
    org_id        VARCHAR(64) NOT NULL,
    connector_id  VARCHAR(64) NOT NULL,
    definition    TEXT        NOT NULL,
    registered_at VARCHAR(40) NOT NULL,
    last_seq      BIGINT      NOT NULL,
    PRIMARY KEY (org_id, connector_id)
);

-- Every restriction change with who made it and the rules before and after (SPEC R11.2).
CREATE TABLE restriction_history (
    event_id       VARCHAR(64)  PRIMARY KEY,
    org_id         VARCHAR(64)  NOT NULL,
    at             VARCHAR(40)  NOT NULL,
    restriction_id VARCHAR(64)  NOT NULL,
    target         VARCHAR(300) NOT NULL,
    change         VARCHAR(16)  NOT NULL,
    before_rules   TEXT,
    after_rules    TEXT,
    actor_member   VARCHAR(64),
    actor_subject  VARCHAR(255),
    via            VARCHAR(16)
);
CREATE INDEX restriction_history_org ON restriction_history (org_id, at);

-- Control-plane changes as an event-backed trail (SPEC R10.3): who, what, when, before/after.
CREATE TABLE control_plane_trail (
    event_id      VARCHAR(64)  PRIMARY KEY,
    org_id        VARCHAR(64)  NOT NULL,
    at            VARCHAR(40)  NOT NULL,
    event_type    VARCHAR(100) NOT NULL,
    aggregate_id  VARCHAR(64)  NOT NULL,
    actor_member  VARCHAR(64),
    actor_subject VARCHAR(255),
    via           VARCHAR(16),
    summary       TEXT         NOT NULL
);
CREATE INDEX control_plane_trail_org ON control_plane_trail (org_id, at);
