CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`ip` text NOT NULL,
	`username` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `login_attempts_ip_idx` ON `login_attempts` (`journal_id`,`ip`,`at`);--> statement-breakpoint
CREATE INDEX `login_attempts_user_idx` ON `login_attempts` (`journal_id`,`username`,`at`);--> statement-breakpoint
ALTER TABLE `articles` ADD `file_key` text DEFAULT '' NOT NULL;