CREATE TABLE `staff_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`journal_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_sessions_user_idx` ON `staff_sessions` (`journal_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `login_attempts` ADD `device` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `login_attempts_device_idx` ON `login_attempts` (`journal_id`,`device`,`at`);
