-- drizzle-kit does not write CREATE EXTENSION; the search index needs pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
