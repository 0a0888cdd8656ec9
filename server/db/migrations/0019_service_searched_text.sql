-- The service search (docs/decisions/029-service-search.md): every search word must be found in a
-- document's title or English title or in the title, English title, name or code of one of its
-- options (shared/search-text.ts). Those texts, lower-cased, one a line, are kept in
-- service_documents.searched_text, so a search tests one column per row: no lower() of every
-- title per search, and no option lookup per word.
ALTER TABLE "service_documents" ADD COLUMN "searched_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE FUNCTION service_document_searched_text(title text, title_en text, option_ids integer[]) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(title || E'\n' || title_en || coalesce((
    SELECT string_agg(E'\n' || o.title || E'\n' || o.title_en || E'\n' || o.name || E'\n' || o.code, '' ORDER BY o.id)
    FROM support_options o WHERE o.id = ANY (option_ids)
  ), ''))
$$;
--> statement-breakpoint
-- A document's own titles or options changed (option_ids follows service_document_options, migration 0016).
CREATE FUNCTION service_documents_searched_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.searched_text := service_document_searched_text(NEW.title, NEW.title_en, NEW.option_ids);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_documents_searched_text BEFORE INSERT OR UPDATE OF title, title_en, option_ids ON service_documents
  FOR EACH ROW EXECUTE FUNCTION service_documents_searched_text();
--> statement-breakpoint
-- An option's words changed: the documents carrying it (found by the option_ids GIN index) again.
CREATE FUNCTION support_options_searched_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_documents sd
  SET searched_text = service_document_searched_text(sd.title, sd.title_en, sd.option_ids)
  WHERE sd.option_ids && ARRAY(
    SELECT n.id FROM renamed n JOIN previous p ON p.id = n.id
    WHERE (n.title, n.title_en, n.name, n.code) IS DISTINCT FROM (p.title, p.title_en, p.name, p.code)
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER support_options_searched_text AFTER UPDATE ON support_options
  REFERENCING OLD TABLE AS previous NEW TABLE AS renamed FOR EACH STATEMENT EXECUTE FUNCTION support_options_searched_text();
--> statement-breakpoint
UPDATE service_documents SET searched_text = service_document_searched_text(title, title_en, option_ids);
