-- Axon Framework's JDBC event store and token store (the same DDL as Axon's
-- PostgresEventTableFactory / PostgresTokenTableFactory). Runs unchanged on PostgreSQL and on H2 in
-- PostgreSQL mode. Timestamps are ISO-8601 strings in UTC; as-of queries compare them as strings.
CREATE TABLE domainevententry (
    globalindex         BIGSERIAL    NOT NULL,
    aggregateidentifier VARCHAR(255) NOT NULL,
    sequencenumber      BIGINT       NOT NULL,
    type                VARCHAR(255),
    eventidentifier     VARCHAR(255) NOT NULL,
    metadata            BYTEA,
    payload             BYTEA        NOT NULL,
    payloadrevision     VARCHAR(255),
    payloadtype         VARCHAR(255) NOT NULL,
    timestamp           VARCHAR(255) NOT NULL,
    PRIMARY KEY (globalindex),
    UNIQUE (aggregateidentifier, sequencenumber),
    UNIQUE (eventidentifier)
);

CREATE INDEX domainevententry_timestamp ON domainevententry (timestamp);

CREATE TABLE snapshotevententry (
    aggregateidentifier VARCHAR(255) NOT NULL,
    sequencenumber      BIGINT       NOT NULL,
    type                VARCHAR(255) NOT NULL,
    eventidentifier     VARCHAR(255) NOT NULL,
    metadata            BYTEA,
    payload             BYTEA        NOT NULL,
    payloadrevision     VARCHAR(255),
    payloadtype         VARCHAR(255) NOT NULL,
    timestamp           VARCHAR(255) NOT NULL,
    PRIMARY KEY (aggregateidentifier, sequencenumber),
    UNIQUE (eventidentifier)
);

CREATE TABLE tokenentry (
    processorname VARCHAR(255) NOT NULL,
    segment       INTEGER      NOT NULL,
    token         BYTEA        NULL,
    tokentype     VARCHAR(255) NULL,
    timestamp     VARCHAR(255) NULL,
    owner         VARCHAR(255) NULL,
    PRIMARY KEY (processorname, segment)
);
