-- The console's document lists (docs/decisions/054-console-lists.md) read a page of 50,000 rows from an
-- index: drafts or live ones by last change, everything by last change, by title in either language,
-- by revision date; the language filter asks whether a document has a file of a language from the
-- attachments' index alone; search words are looked for through the trigrams of the number and both
-- titles, lower-cased (a small GIN pending list, as the site search's: ADR 053).
CREATE INDEX "attachments_owner_icon_idx" ON "attachments" USING btree ("owner_type","owner_id","icon");--> statement-breakpoint
CREATE INDEX "reference_documents_state_updated_idx" ON "reference_documents" USING btree ("published","updated_at","id");--> statement-breakpoint
CREATE INDEX "reference_documents_updated_idx" ON "reference_documents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "reference_documents_title_idx" ON "reference_documents" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "reference_documents_title_en_idx" ON "reference_documents" USING btree ("title_en","id");--> statement-breakpoint
CREATE INDEX "reference_documents_revised_idx" ON "reference_documents" USING btree ("revised_at","id");--> statement-breakpoint
CREATE INDEX "reference_documents_words_idx" ON "reference_documents" USING gin (lower("doc_number" || ' ' || "title" || ' ' || "title_en") gin_trgm_ops) WITH (gin_pending_list_limit=512);--> statement-breakpoint
CREATE INDEX "service_documents_state_updated_idx" ON "service_documents" USING btree ("published","updated_at","id");--> statement-breakpoint
CREATE INDEX "service_documents_updated_idx" ON "service_documents" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "service_documents_title_idx" ON "service_documents" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "service_documents_title_en_idx" ON "service_documents" USING btree ("title_en","id");--> statement-breakpoint
CREATE INDEX "service_documents_revised_idx" ON "service_documents" USING btree ("revised_at","id");--> statement-breakpoint
CREATE INDEX "service_documents_words_idx" ON "service_documents" USING gin (lower("doc_number" || ' ' || "title" || ' ' || "title_en") gin_trgm_ops) WITH (gin_pending_list_limit=512);