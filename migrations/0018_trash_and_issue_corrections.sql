-- Corrections (docs/decisions/021-trash-and-issue-corrections.md).
--
-- The trash: a trashed article keeps its row (so its ref number, transaction id and title stay
-- taken and a restore always fits) with status 'trashed'; the search indexes' triggers (0002,
-- 0015) hold only 'enabled' and 'disabled' rows, so it leaves both at once. `trashed_status` is
-- the status a restore gives back; `trashed_at` (ISO 8601 UTC) starts the 30 days after which
-- the scheduled purge deletes the row and its PDF.
ALTER TABLE `articles` ADD `trashed_at` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `articles` ADD `trashed_status` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The purge finds expired trash of every journal from this small index alone.
CREATE INDEX `articles_trashed_idx` ON `articles` (`trashed_at`) WHERE `status` = 'trashed';
--> statement-breakpoint
-- Staff search checks each match against this narrow index (0015): with the status in it, the
-- trash's matches drop out there without reading the rows.
DROP INDEX `articles_id_sort_idx`;
--> statement-breakpoint
CREATE INDEX `articles_id_sort_idx` ON `articles` (`id`,`journal_id`,`year`,`volume`,`issue`,`first_page`,`status`);
--> statement-breakpoint
-- Where the article's PDF object lives: the issue folder ('2025/vol4issue2') it was uploaded
-- under, or '' for the folder of the article's current year, volume and issue (every row
-- before this migration). An issue edit or an article move changes the article's coordinates
-- but not its objects, so the rows keep naming the folder their objects are in
-- (app/storage/keys.server.ts articlePdfKey).
ALTER TABLE `articles` ADD `file_folder` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- An issue's former addresses: an edit of its year, volume or number keeps the old one here, so
-- the old issue URL answers 301 to the issue's current one. Consulted only when no issue has
-- that address (a new issue created there wins).
CREATE TABLE `issue_redirects` (
	`journal_id` integer NOT NULL,
	`year` integer NOT NULL,
	`volume` integer NOT NULL,
	`issue` integer NOT NULL,
	`issue_id` integer NOT NULL,
	`creation` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`journal_id`, `year`, `volume`, `issue`),
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`issue_id`) REFERENCES `issues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `issue_redirects_issue_idx` ON `issue_redirects` (`issue_id`);
