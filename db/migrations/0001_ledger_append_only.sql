-- The ledger is append-only: the database itself refuses UPDATE, DELETE and TRUNCATE on it.
CREATE OR REPLACE FUNCTION focal_ledger_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'ledger_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_events_no_update_delete
  BEFORE UPDATE OR DELETE ON ledger_events
  FOR EACH ROW EXECUTE FUNCTION focal_ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_events_no_truncate
  BEFORE TRUNCATE ON ledger_events
  FOR EACH STATEMENT EXECUTE FUNCTION focal_ledger_refuse_change();
