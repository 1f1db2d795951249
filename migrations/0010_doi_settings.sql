ALTER TABLE `settings` ADD `abbrev_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `doi_prefix` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `doi_suffix_pattern` text DEFAULT '{slug}.{year}.v{volume}i{issue}.{refnumber}' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `doi_depositor_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `doi_depositor_email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `settings` ADD `doi_registrant` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `articles_journal_doi_idx` ON `articles` (`journal_id`,lower("doi"));