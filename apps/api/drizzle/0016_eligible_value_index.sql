-- The programs list's value subtracts the credits too close to their due date. With the value last in the
-- (program provider, due date) index that sum is an index-only walk of those few entries; before, PostgreSQL
-- walked the value index over every AVAILABLE credit of the participation (docs/decisions/api-speed.md#programs-list).
DROP INDEX "credits_available_expire_date";--> statement-breakpoint
CREATE INDEX "credits_available_expire_date" ON "credits" USING btree ("program_provider_id","expire_date","id","original_value_cents") WHERE "credits"."status" = 'AVAILABLE';