-- Admin user search (issue 7): a "contains" search over name and email stays fast at 100,000
-- users with a trigram index. pg_trgm is a trusted extension (PostgreSQL 13+): the database
-- owner may create it. The expression must match searchText in modules/admin/admin-users.repository.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_search_trgm_idx" ON "users" USING gin ((lower("last_name" || ', ' || "first_name" || ' ' || "first_name" || ' ' || "last_name" || ' ' || "email")) gin_trgm_ops);
