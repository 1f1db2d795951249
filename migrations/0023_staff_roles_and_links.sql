-- Staff accounts in the admin (docs/decisions/024-staff-roles.md): a role per user (every
-- account that exists becomes an admin, as it was before there were roles), the time of the last
-- sign-in for the Staff list, and one-time set-password links (only a SHA-256 of the token is
-- stored; 24 hours; used once).
ALTER TABLE `users` ADD `role` text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` integer;--> statement-breakpoint
CREATE TABLE `staff_password_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_by` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_password_links_token_uq` ON `staff_password_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `staff_password_links_user_idx` ON `staff_password_links` (`journal_id`,`user_id`);
