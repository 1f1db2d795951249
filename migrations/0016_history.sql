-- The journal's history (docs/decisions/019-history.md): who changed what and when, appended in
-- the same D1 batch as each staff write, CLI change and security event.
CREATE TABLE `history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_user_id` integer,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`record_type` text NOT NULL,
	`record_id` text DEFAULT '' NOT NULL,
	`fields` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `history_journal_id_idx` ON `history` (`journal_id`,`id`);
--> statement-breakpoint
CREATE INDEX `history_journal_record_idx` ON `history` (`journal_id`,`record_type`,`record_id`,`id`);
--> statement-breakpoint
CREATE INDEX `history_journal_actor_idx` ON `history` (`journal_id`,`actor`,`id`);
