-- The service search reads a copy of the published documents' searched_text kept in each node's
-- memory (docs/decisions/032-service-search-in-memory.md). This number tells a node whether its copy
-- is current: every transaction that writes service_documents raises it (a statement trigger; an
-- option's new words reach the table through migration 0019's trigger, and so raise it too), and a
-- search reads it first, in the same snapshot rules as any read: a committed change is seen by the
-- next search, on every node.
CREATE TABLE "service_search_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "service_search_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION service_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE service_search_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_documents_search_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_documents
  FOR EACH STATEMENT EXECUTE FUNCTION service_search_changed();
