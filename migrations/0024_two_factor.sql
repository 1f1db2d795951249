-- Two-factor sign-in with an authenticator app (TOTP, RFC 6238; docs/decisions/025-two-factor.md):
-- the user's secret (base32; '' = off), a secret shown but not yet confirmed with a first code,
-- the last time step a code was accepted for (a code is never accepted twice), when it was
-- turned on; ten one-time recovery codes per user, stored as SHA-256 hashes; and the journal-wide
-- requirement an admin can set on the Staff page.
ALTER TABLE `users` ADD `totp_secret` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_pending` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_last_step` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `totp_enabled_at` integer;--> statement-breakpoint
CREATE TABLE `staff_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`journal_id`) REFERENCES `journals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_recovery_codes_user_idx` ON `staff_recovery_codes` (`journal_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `settings` ADD `require_two_factor` integer DEFAULT false NOT NULL;
