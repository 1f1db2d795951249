-- Optimistic concurrency (docs/decisions/020-versions-and-conflicts.md): every record staff
-- edit carries a version, bumped by the same UPDATE that changes it. A write names the version
-- it started from and is refused, changing nothing, when the row has moved on since. The
-- history entry of each write records the version before and after, so "what changed since the
-- version I loaded" is read from the history. Indexing partners get one too: their staff writes
-- will use the same rule.
ALTER TABLE `articles` ADD `version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `editors` ADD `version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `settings` ADD `version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `issues` ADD `version` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `indexing_partners` ADD `version` integer DEFAULT 1 NOT NULL;
