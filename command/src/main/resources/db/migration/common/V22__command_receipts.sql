-- Commands idempotent under the command gateway's retry (issue 14, finding 11): one row per
-- command that was handled and committed, written in the command's own transaction, keyed by the
-- command message's id, which a retry keeps. A retry whose first attempt committed (the
-- connection broke after COMMIT reached the database) finds its receipt and answers the first
-- outcome instead of running again and refusing what it did itself ("subject-taken").
CREATE TABLE command_receipt (
    command_id VARCHAR(64)  PRIMARY KEY,
    result     VARCHAR(255),
    handled_at TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE INDEX command_receipt_handled_at ON command_receipt (handled_at);
