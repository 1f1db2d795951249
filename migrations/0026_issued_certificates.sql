-- The register of issued certificates (docs/decisions/027-certificate-register.md): one row per
-- certificate code, written when the site first issues it (a download or a zip), never updated.
-- /verify reads it to tell a corrected name from a forgery. Article and editor ids are not
-- foreign keys: a row outlives the record it was issued for.
CREATE TABLE `issued_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`article_id` integer,
	`refnumber` text DEFAULT '' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`editor_id` integer,
	`role` text DEFAULT '' NOT NULL,
	`printed_name` text NOT NULL,
	`issued_on` text DEFAULT '' NOT NULL,
	`first_issued_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `issued_certificates_code_idx` ON `issued_certificates` (`journal_id`,`code`);
--> statement-breakpoint
CREATE INDEX `issued_certificates_article_idx` ON `issued_certificates` (`journal_id`,`article_id`,`position`);
--> statement-breakpoint
CREATE INDEX `issued_certificates_editor_idx` ON `issued_certificates` (`journal_id`,`editor_id`);
