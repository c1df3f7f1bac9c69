-- Tell every node that a message for a call arrived (SPEC R12.7): the node running the call
-- LISTENs on the channel of this schema and takes the row (McpRelayInbox).
CREATE FUNCTION quiver_notify_relay() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('quiver_relay_' || lower(current_schema()), NEW.id::text);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER mcp_relay_inbox_notify
    AFTER INSERT ON mcp_relay_inbox
    FOR EACH ROW EXECUTE FUNCTION quiver_notify_relay();
