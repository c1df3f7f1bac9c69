-- SPEC R10.10: every partition of the trail, present and future, refuses UPDATE, DELETE and
-- TRUNCATE, and the role Quiver runs as does not own the trail's tables.
--
-- The row triggers of V5 (BEFORE UPDATE OR DELETE ... FOR EACH ROW on the parent) are cloned by
-- PostgreSQL onto every partition, present and future. A statement trigger is not: TRUNCATE of a
-- partition went through. So each partition gets a statement trigger refusing UPDATE, DELETE and
-- TRUNCATE (a statement trigger fires even when no row matches: an UPDATE of an empty, future
-- partition is refused too, not answered "0 rows"), and every partition made later is made by
-- tool_call_audit_add_partition, which creates it and its trigger together.

CREATE OR REPLACE FUNCTION tool_call_audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER tool_call_audit_append_only_statement BEFORE UPDATE OR DELETE ON tool_call_audit
    FOR EACH STATEMENT EXECUTE FUNCTION tool_call_audit_refuse_change();

DO $$
DECLARE
    part regclass;
BEGIN
    FOR part IN SELECT inhrelid::regclass FROM pg_inherits WHERE inhparent = 'tool_call_audit'::regclass LOOP
        EXECUTE format('CREATE TRIGGER tool_call_audit_append_only_statement BEFORE UPDATE OR DELETE OR TRUNCATE '
                       'ON %s FOR EACH STATEMENT EXECUTE FUNCTION tool_call_audit_refuse_change()', part);
    END LOOP;
END $$;

-- The chain's head moves forward only: an UPDATE is how it moves, a DELETE or TRUNCATE would
-- restart an organisation's numbering beside its old entries.
CREATE TRIGGER tool_call_audit_head_append_only BEFORE DELETE OR TRUNCATE ON tool_call_audit_head
    FOR EACH STATEMENT EXECUTE FUNCTION tool_call_audit_refuse_change();

-- The month's partition, made with its append-only trigger in one statement's transaction; nothing
-- if it exists. SECURITY DEFINER: it runs as the owner of the trail (the migration role), so
-- the runtime role, which owns nothing here, can keep partitions ready ahead (AuditPartitions)
-- without being able to change or drop them.
CREATE FUNCTION tool_call_audit_add_partition(month DATE) RETURNS BOOLEAN
    LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
    first DATE := date_trunc('month', month)::date;
    name TEXT := 'tool_call_audit_' || to_char(first, 'YYYY_MM');
BEGIN
    IF to_regclass(name) IS NOT NULL THEN
        RETURN FALSE;
    END IF;
    EXECUTE format('CREATE TABLE %I PARTITION OF tool_call_audit FOR VALUES FROM (%L) TO (%L)',
                   name, first, first + INTERVAL '1 month');
    EXECUTE format('CREATE TRIGGER tool_call_audit_append_only_statement BEFORE UPDATE OR DELETE OR TRUNCATE '
                   'ON %I FOR EACH STATEMENT EXECUTE FUNCTION tool_call_audit_refuse_change()', name);
    RETURN TRUE;
END $$;

REVOKE ALL ON FUNCTION tool_call_audit_add_partition(DATE) FROM PUBLIC;

-- The runtime role: the session setting quiver.runtime_role, which Quiver sets on its migration
-- connections to the data source's user (edge/config/MigrationRoles); unset (a Flyway run by
-- hand) or the migration's own user, nothing is granted. When migrations run as another role
-- (spring.flyway.user), the runtime role is given what it needs and no more: every read model, lookup table and event table, and tables later
-- migrations create, read and written; the trail and its head read and appended to, the head
-- moved forward; partitions made ahead through the function above. It owns none of them.
DO $$
DECLARE
    runtime TEXT := coalesce(current_setting('quiver.runtime_role', true), '');
BEGIN
    IF runtime = '' OR runtime = current_user::text THEN
        RETURN;
    END IF;
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', current_schema(), runtime);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO %I', current_schema(), runtime);
    EXECUTE format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA %I TO %I', current_schema(), runtime);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I',
                   current_schema(), runtime);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO %I',
                   current_schema(), runtime);
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON tool_call_audit FROM %I', runtime);
    EXECUTE format('REVOKE DELETE, TRUNCATE ON tool_call_audit_head FROM %I', runtime);
    EXECUTE format('GRANT EXECUTE ON FUNCTION tool_call_audit_add_partition(DATE) TO %I', runtime);
END $$;
