ALTER TABLE "service_documents" ADD COLUMN "option_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint
-- service_documents.option_ids follows service_document_options: statement-level triggers with
-- transition tables, so a bulk import of many rows updates each touched document once.
CREATE FUNCTION service_document_option_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_documents sd
  SET option_ids = coalesce((SELECT array_agg(o.option_id ORDER BY o.option_id) FROM service_document_options o WHERE o.document_id = sd.id), '{}')
  WHERE sd.id IN (SELECT DISTINCT document_id FROM changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_document_options_ids_insert AFTER INSERT ON service_document_options
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION service_document_option_ids();
--> statement-breakpoint
CREATE TRIGGER service_document_options_ids_delete AFTER DELETE ON service_document_options
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION service_document_option_ids();
--> statement-breakpoint
CREATE TRIGGER service_document_options_ids_update_new AFTER UPDATE ON service_document_options
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION service_document_option_ids();
--> statement-breakpoint
CREATE TRIGGER service_document_options_ids_update_old AFTER UPDATE ON service_document_options
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION service_document_option_ids();
--> statement-breakpoint
UPDATE service_documents sd
SET option_ids = coalesce((SELECT array_agg(o.option_id ORDER BY o.option_id) FROM service_document_options o WHERE o.document_id = sd.id), '{}');
--> statement-breakpoint
CREATE INDEX "service_documents_option_ids_idx" ON "service_documents" USING gin ("option_ids") WITH (fastupdate=false);
