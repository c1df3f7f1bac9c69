-- Legacy MCP sessions (2025-11-25 and 2025-06-18, SPEC R12.7): what a client declared at
-- initialize, kept in the database so that every node serves the session. A session belongs to
-- the organisation and subject that opened it; it is found by its id, which is a random secret.
CREATE TABLE mcp_session (
    session_id          VARCHAR(64)   NOT NULL PRIMARY KEY,
    org_id              VARCHAR(64)   NOT NULL,
    subject             VARCHAR(255)  NOT NULL,
    protocol_version    VARCHAR(16)   NOT NULL,
    client_capabilities VARCHAR(4000) NOT NULL,
    client_name         VARCHAR(200),
    created_at          TIMESTAMP     NOT NULL,
    last_used_at        TIMESTAMP     NOT NULL
);

CREATE INDEX mcp_session_last_used ON mcp_session (last_used_at);

-- Messages for a call running on another node (SPEC R12.7): a client's notifications/cancelled,
-- or its answer to a sampling or elicitation request relayed on a call's stream, posted to a
-- node that does not run the call. The node that runs it takes the row (PostgreSQL tells it,
-- see V32) and deletes it; rows nobody takes are deleted after a few minutes.
CREATE TABLE mcp_relay_inbox (
    id          BIGSERIAL     NOT NULL PRIMARY KEY,
    org_id      VARCHAR(64)   NOT NULL,
    subject     VARCHAR(255)  NOT NULL,
    kind        VARCHAR(16)   NOT NULL,
    message_id  VARCHAR(200)  NOT NULL,
    body        TEXT,
    created_at  TIMESTAMP     NOT NULL
);
