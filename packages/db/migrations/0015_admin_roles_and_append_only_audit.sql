-- Hand-written (decisions 120 and 121).
-- Admins who existed before roles keep every power they had: superadmin.
UPDATE users SET admin_role = 'superadmin' WHERE role = 'admin' AND admin_role IS NULL;
--> statement-breakpoint
-- Admin sessions opened before the second factor was mandatory end now: every admin signs in again
-- with a code (or enrols an authenticator first).
UPDATE api_tokens SET revoked_at = now() WHERE kind = 'admin' AND revoked_at IS NULL;
--> statement-breakpoint
-- An admin always has a back-office role and a member never has one.
ALTER TABLE users ADD CONSTRAINT users_admin_role_matches_role
  CHECK ((role = 'admin') = (admin_role IS NOT NULL));
--> statement-breakpoint
-- The audit log is append-only: no UPDATE, DELETE or TRUNCATE path exists, whoever connects. (A user
-- row that has audit entries therefore cannot be deleted either: the entry's ON DELETE SET NULL would
-- be an UPDATE, and is refused with it.)
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
