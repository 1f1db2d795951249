ALTER TABLE `journal_hosts` ADD `is_primary` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each journal's primary hostname: the first one it was given (the lowest rowid), which for the
-- demo journals is localhost and journal-b.localhost, the README's URLs.
UPDATE `journal_hosts` SET `is_primary` = 1 WHERE rowid IN (SELECT min(rowid) FROM `journal_hosts` GROUP BY `journal_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `journal_hosts_one_primary` ON `journal_hosts` (`journal_id`) WHERE is_primary = 1;--> statement-breakpoint
ALTER TABLE `journals` ADD `status` text DEFAULT 'enabled' NOT NULL;--> statement-breakpoint
ALTER TABLE `journals` ADD `listed` integer DEFAULT 1 NOT NULL;
