-- Call budgets shared by every node (SPEC R15.2): Bucket4j's table, one row per member or
-- connection and limit, its token bucket's state in `state`. Nodes write a row once per
-- max(1, limit/20) calls they admitted, not on every call (query.ratelimit.CallBudgets).
CREATE TABLE rate_limit_bucket (
    id VARCHAR(255) PRIMARY KEY,
    state BYTEA,
    expires_at BIGINT
);
