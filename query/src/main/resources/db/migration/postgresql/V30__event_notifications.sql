-- Tell every node that events were committed (SPEC R12.6): a statement trigger on the event
-- table sends NOTIFY on the channel of this schema; PostgreSQL delivers it when the appending
-- transaction commits, and never when it rolls back. Each node LISTENs (EventNotifications)
-- and catches its policy state up, so open MCP notification streams learn of a change made
-- through another node without waiting for a request.
CREATE FUNCTION quiver_notify_events() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('quiver_events_' || lower(current_schema()), '');
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER domainevententry_notify
    AFTER INSERT ON domainevententry
    FOR EACH STATEMENT EXECUTE FUNCTION quiver_notify_events();
