-- Issue 16.3: a repeated identical admin form submission (double-click, resent POST) is answered
-- with the first one's result instead of running twice. Rows live for a day.
CREATE TABLE `form_submissions` (
	`journal_id` integer NOT NULL,
	`token` text NOT NULL,
	`form` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status` integer,
	`answer` text,
	`created` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`journal_id`, `token`, `form`),
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `form_submissions_created_idx` ON `form_submissions` (`created`);
--> statement-breakpoint
-- Issue 16.5: the dashboard's "last edited articles" is an index range scan, not a sort of the journal.
CREATE INDEX `articles_journal_modification_idx` ON `articles` (`journal_id`,`modification`);
--> statement-breakpoint
-- Issue 16.5: admin search reads disabled articles (absent from the FTS5 index) by an index range, not a scan.
CREATE INDEX `articles_journal_status_idx` ON `articles` (`journal_id`,`status`);
--> statement-breakpoint
-- Issue 16.5: admin search by an author's e-mail is an index lookup.
CREATE INDEX `articles_journal_email_idx` ON `articles` (`journal_id`,lower("email"));
