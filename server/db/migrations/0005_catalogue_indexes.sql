CREATE INDEX "reference_documents_recent_idx" ON "reference_documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reference_documents_type_recent_idx" ON "reference_documents" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "service_documents_type_recent_idx" ON "service_documents" USING btree ("type","created_at","id");