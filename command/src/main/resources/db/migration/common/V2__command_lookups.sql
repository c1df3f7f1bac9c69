-- Command-side lookup tables, written by subscribing processors in the transaction that stores the
-- event, so that their constraints settle races between commands (set-based validation).

-- One row per organisation; owner-affecting member changes lock it.
CREATE TABLE organization_registry (
    org_id VARCHAR(64) PRIMARY KEY
);

-- Members: subject unique per organisation, and who the active owners are.
CREATE TABLE member_roster (
    member_id VARCHAR(64)  PRIMARY KEY,
    org_id    VARCHAR(64)  NOT NULL,
    subject   VARCHAR(255) NOT NULL,
    role      VARCHAR(32)  NOT NULL,
    active    BOOLEAN      NOT NULL,
    CONSTRAINT member_roster_subject UNIQUE (org_id, subject)
);

-- Advertised names: connection labels and toolbox names share the PREFIX space, toolbox entry
-- names the TOOL space. name_key is the lower-cased name.
CREATE TABLE advertised_namespace (
    org_id   VARCHAR(64)  NOT NULL,
    space    VARCHAR(16)  NOT NULL,
    name_key VARCHAR(128) NOT NULL,
    name     VARCHAR(128) NOT NULL,
    owner_id VARCHAR(64)  NOT NULL,
    PRIMARY KEY (org_id, space, name_key)
);

CREATE INDEX advertised_namespace_owner ON advertised_namespace (owner_id);

-- Live connections per connector, so that a connector in use is not unregistered.
CREATE TABLE connection_registry (
    connection_id VARCHAR(64) PRIMARY KEY,
    org_id        VARCHAR(64) NOT NULL,
    connector_id  VARCHAR(64) NOT NULL
);

CREATE INDEX connection_registry_connector ON connection_registry (org_id, connector_id);
